import { PDFDocument } from 'pdf-lib';
import { PRESSED_NO_CERTIFICATE } from '../../test/certificate-fixture';
import { renderCertificatePdf } from './certificate-pdf';
import { attachedCertificateFile, CERTIFICATE_ATTACHMENT } from './certificate-pdf-attachment';

const signed = { certificate: PRESSED_NO_CERTIFICATE, signature: 'sig' };

async function pdfAttaching(name: string, bytes: Uint8Array): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage();
  await pdf.attach(bytes, name, { mimeType: 'application/json' });
  return Buffer.from(await pdf.save());
}

describe('attachedCertificateFile', () => {
  it('gives back the signed JSON a certificate PDF carries, byte for byte', async () => {
    const file = await attachedCertificateFile(await renderCertificatePdf(signed));
    expect(file?.toString('utf8')).toBe(JSON.stringify(signed));
  });

  it('finds none in a PDF without it, in a file that is no PDF, or past the limit', async () => {
    expect(await attachedCertificateFile(await pdfAttaching('notes.json', Buffer.from('{}')))).toBeNull();
    expect(await attachedCertificateFile(Buffer.from(JSON.stringify(signed)))).toBeNull();
    expect(await attachedCertificateFile(Buffer.from('%PDF-1.7\n%%EOF'))).toBeNull();
    // A few KB that would inflate to a megabyte: read no further than the limit.
    expect(
      await attachedCertificateFile(await pdfAttaching(CERTIFICATE_ATTACHMENT, Buffer.alloc(1024 * 1024, 0x20))),
    ).toBeNull();
    expect(await attachedCertificateFile(await pdfAttaching(CERTIFICATE_ATTACHMENT, Buffer.from('{"a":1}')))).toEqual(
      Buffer.from('{"a":1}'),
    );
  });
});
