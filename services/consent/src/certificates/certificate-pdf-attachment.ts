import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFString } from 'pdf-lib';

/** The name `renderCertificatePdf` attaches the signed JSON under. */
export const CERTIFICATE_ATTACHMENT = 'certificate.json';
/** Far above a certificate file (a few KB): the attachment is inflated no further, so a small PDF cannot fill memory. */
const MAX_ATTACHMENT_BYTES = 64 * 1024;

/**
 * The certificate file a certificate PDF carries, as the bytes attached (read as a certificate file is, from its own
 * text); null for anything else: not a PDF, no such attachment, or one over the limit or in an encoding we do not write.
 * Only the shape `renderCertificatePdf` writes is followed: the catalogue's flat EmbeddedFiles name list.
 */
export async function attachedCertificateFile(bytes: Uint8Array): Promise<Buffer | null> {
  try {
    const document = await PDFDocument.load(bytes, { updateMetadata: false });
    const names = document.catalog
      .lookupMaybe(PDFName.of('Names'), PDFDict)
      ?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict)
      ?.lookupMaybe(PDFName.of('Names'), PDFArray);
    for (let index = 0; names && index + 1 < names.size(); index += 2) {
      const name = names.lookup(index);
      if (!(name instanceof PDFString || name instanceof PDFHexString) || name.decodeText() !== CERTIFICATE_ATTACHMENT)
        continue;
      const file = names
        .lookup(index + 1, PDFDict)
        .lookupMaybe(PDFName.of('EF'), PDFDict)
        ?.lookup(PDFName.of('F'));
      return file instanceof PDFRawStream ? contentsOf(file) : null;
    }
    return null;
  } catch {
    // pdf-lib's refusals of a damaged file, and an attachment inflating past the limit: no certificate either way.
    return null;
  }
}

function contentsOf(stream: PDFRawStream): Buffer | null {
  const filter = stream.dict.get(PDFName.of('Filter'));
  if (filter === undefined) return stream.contents.length <= MAX_ATTACHMENT_BYTES ? Buffer.from(stream.contents) : null;
  if (filter !== PDFName.of('FlateDecode')) return null;
  return inflateSync(stream.contents, { maxOutputLength: MAX_ATTACHMENT_BYTES });
}
