import { inflateSync } from 'node:zlib';

/** Every Flate-compressed stream of a PDF (pdf-lib's pages and attachments), decompressed, as text. */
export function inflatedStreams(pdf: Buffer): string[] {
  const texts: string[] = [];
  for (let start = pdf.indexOf('stream\n'); start >= 0; start = pdf.indexOf('stream\n', start + 1)) {
    const end = pdf.indexOf('endstream', start);
    try {
      texts.push(inflateSync(pdf.subarray(start + 'stream\n'.length, end)).toString('utf8'));
    } catch {
      // Not a Flate stream, or the word inside another stream.
    }
  }
  return texts;
}

/** The lines of text a pdf-lib PDF draws, in order (standard fonts write each as a hex string shown with `Tj`). */
export function drawnLines(pdf: Buffer): string[] {
  return inflatedStreams(pdf).flatMap((stream) =>
    [...stream.matchAll(/<([0-9A-Fa-f]+)> Tj/g)].map((match) => Buffer.from(match[1], 'hex').toString('latin1')),
  );
}
