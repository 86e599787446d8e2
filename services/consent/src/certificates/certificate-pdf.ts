import type { SignedCertificate } from '@app/contracts';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { certificateFields } from './certificate-text';

const PAGE: [number, number] = [595.28, 841.89]; // A4 in points
const MARGIN = 50;
const BODY_SIZE = 10;
const CODE_SIZE = 7;
const LINE_GAP = 1.45;
/** Above the signed JSON as printed: what follows is the file's own detail, codes and all. */
export const SIGNED_FILE_HEADING = 'The signed certificate file (what /verify checks)';

/** The standard fonts cover WinAnsi only; every field is ASCII by construction, this keeps anything else from failing the render. */
function printable(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?');
}

/**
 * Splits text into lines that fit `width` at `size`: at its line breaks, then after the last space that fits, or
 * anywhere where there is none (hashes and JSON). A space stays at the end of its line, so no character is lost.
 */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const character of printable(paragraph)) {
      if (font.widthOfTextAtSize(line + character, size) > width) {
        const space = line.lastIndexOf(' ');
        const cut = space > 0 ? space + 1 : line.length;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
      line += character;
    }
    lines.push(line);
  }
  return lines;
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
  for (const [label, value] of certificateFields(certificate)) {
    writer.line(label, bold, BODY_SIZE);
    writer.line(value, regular, BODY_SIZE);
    writer.gap(3);
  }
  writer.gap(10);
  writer.line('Verify this certificate', bold, 12);
  writer.line(
    'Upload this PDF, or the certificate.json attached to it, at /verify. Or check the Ed25519 signature over the canonical ' +
      'JSON (keys sorted, no spaces) of "certificate" with the key published at /.well-known/consentiq-keys.json.',
    regular,
    BODY_SIZE,
  );
  writer.gap(6);
  writer.line(SIGNED_FILE_HEADING, bold, BODY_SIZE);
  writer.line(json, code, CODE_SIZE, rgb(0.2, 0.2, 0.2));
  await pdf.attach(Buffer.from(json, 'utf8'), 'certificate.json', {
    mimeType: 'application/json',
    description: 'The signed certificate',
    creationDate: new Date(certificate.issuedAt),
    modificationDate: new Date(certificate.issuedAt),
  });
  return Buffer.from(await pdf.save());
}
