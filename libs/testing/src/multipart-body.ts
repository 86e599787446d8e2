export type MultipartPart =
  | { name: string; value: string }
  | { name: string; file: Buffer; filename?: string; contentType?: string; disposition?: string };

/** A multipart/form-data body written by hand, so part headers can say anything (RFC 5987 names, NUL, no type). */
export function multipartBody(boundary: string, parts: MultipartPart[], { close = true } = {}): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
      continue;
    }
    const disposition =
      part.disposition ??
      `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type = part.contentType === undefined ? '' : `Content-Type: ${part.contentType}\r\n`;
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`),
      part.file,
      Buffer.from('\r\n'),
    );
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}
