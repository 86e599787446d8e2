import type { NameCheck, SignedCertificate } from '@app/contracts';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

const PAGE: [number, number] = [595.28, 841.89]; // A4 in points
const MARGIN = 50;
const BODY_SIZE = 10;
const CODE_SIZE = 7;
const LINE_GAP = 1.45;

/** The standard fonts cover WinAnsi only; every field is ASCII by construction, this keeps anything else from failing the render. */
function printable(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?');
}

/** Splits text into lines that fit `width` at `size`, breaking anywhere (hashes and JSON have no spaces to break at). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const character of printable(text)) {
    if (font.widthOfTextAtSize(line + character, size) > width) {
      lines.push(line);
      line = '';
    }
    line += character;
  }
  return [...lines, line];
}

/** Writes lines top-down, starting a new page when the current one is full. */
class Writer {
  private page: PDFPage;
  private y: number;

  constructor(private readonly pdf: PDFDocument) {
    this.page = pdf.addPage(PAGE);
    this.y = PAGE[1] - MARGIN;
  }

  line(text: string, font: PDFFont, size: number, color = rgb(0, 0, 0)): void {
    for (const part of wrap(text, font, size, PAGE[0] - 2 * MARGIN)) {
      if (this.y - size < MARGIN) {
        this.page = this.pdf.addPage(PAGE);
        this.y = PAGE[1] - MARGIN;
      }
      this.page.drawText(part, { x: MARGIN, y: this.y - size, size, font, color });
      this.y -= size * LINE_GAP;
    }
  }

  gap(points: number): void {
    this.y -= points;
  }
}

/** The name check in words, as the partner and member would say it. */
const NAME_CHECK_TEXT: Readonly<Record<NameCheck, string>> = {
  matched: 'The typed name was heard',
  not_confirmed: 'The typed name could not be confirmed from the recording',
  different: 'A different name was heard',
};
const stateLine = (at: string | null, done: string, notDone: string) => (at ? `${done} at ${at}` : notDone);

/** How the partner was proved, and where they answered from. */
function partnerPhoneText({ phoneVerifiedAt, partnerProof }: SignedCertificate['certificate']): string {
  if (!phoneVerifiedAt) return 'Not proved (answered before the phone check)';
  const proved = partnerProof ? `Proved by a code texted to the number ending in ${partnerProof.phoneEndsWith}` : 'Proved with a texted code';
  return `${proved} at ${phoneVerifiedAt}${partnerProof ? '; answered on the phone that confirmed it' : ''}`;
}

/**
 * The certificate in readable form, then the signed JSON itself: printed, and attached as `certificate.json`, so the
 * PDF carries everything needed to verify it (at /verify, or with the published key).
 */
export async function renderCertificatePdf(signed: SignedCertificate): Promise<Buffer> {
  const { certificate } = signed;
  const json = JSON.stringify(signed);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`ConsentIQ certificate ${certificate.sessionId}`);
  pdf.setProducer('ConsentIQ');
  pdf.setCreationDate(new Date(certificate.issuedAt));
  pdf.setModificationDate(new Date(certificate.issuedAt));
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const code = await pdf.embedFont(StandardFonts.Courier);
  const writer = new Writer(pdf);

  writer.line('ConsentIQ consent certificate', bold, 18);
  writer.gap(8);
  const fields: [string, string][] = [
    ['Session', certificate.sessionId],
    ['QR code id', certificate.qrCodeId],
    ['Verdict', certificate.verdict === 'granted' ? 'Consent granted' : 'No consent'],
    ["Judge's outcome", certificate.outcome],
    ['Reasons', certificate.reasons.join(', ') || 'none'],
    ['Session created', certificate.createdAt],
    ['Answered', certificate.answeredAt ?? 'not answered'],
    ['Verdict stored', certificate.verdictAt],
    ['Recording SHA-256', certificate.recordingSha256 ?? 'no recording'],
    ['Transcript SHA-256', certificate.transcriptSha256 ?? 'nothing was transcribed'],
    ['Speech recogniser', certificate.recogniser ?? 'none'],
    ...(certificate.nameCheck ? ([['Name check', NAME_CHECK_TEXT[certificate.nameCheck]]] as [string, string][]) : []),
    ["Partner's phone", partnerPhoneText(certificate)],
    ...(certificate.safetyQuestionsAnsweredAt
      ? ([['Safety questions', `Answered Yes (free to say no, clear-headed) at ${certificate.safetyQuestionsAnsweredAt}`]] as [string, string][])
      : []),
    ['Audit chain head', `row ${certificate.auditHead.seq}, ${certificate.auditHead.hash}`],
    ['Consent', stateLine(certificate.withdrawnAt, 'Withdrawn by the partner', 'Not withdrawn')],
    ['Recording', stateLine(certificate.recordingDeletedAt, "Deleted at the partner's request", 'Kept, encrypted')],
    ['Issued', certificate.issuedAt],
    ['Signing key', `${certificate.keyId} (${certificate.algorithm})`],
  ];
  for (const [label, value] of fields) {
    writer.line(label, bold, BODY_SIZE);
    writer.line(value, regular, BODY_SIZE);
    writer.gap(3);
  }
  writer.gap(10);
  writer.line('Verify this certificate', bold, 12);
  writer.line(
    'Upload the attached certificate.json (or the JSON below, saved as a file) at /verify, or check the Ed25519 signature ' +
      'over the canonical JSON (keys sorted, no spaces) of "certificate" with the key published at /.well-known/consentiq-keys.json.',
    regular,
    BODY_SIZE,
  );
  writer.gap(6);
  writer.line(json, code, CODE_SIZE, rgb(0.2, 0.2, 0.2));
  await pdf.attach(Buffer.from(json, 'utf8'), 'certificate.json', {
    mimeType: 'application/json',
    description: 'The signed certificate',
    creationDate: new Date(certificate.issuedAt),
    modificationDate: new Date(certificate.issuedAt),
  });
  return Buffer.from(await pdf.save());
}
