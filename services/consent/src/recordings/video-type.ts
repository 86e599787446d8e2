/** What a recording is, read from its first bytes: the type the client declares is never trusted. */
export type VideoType = 'video/webm' | 'video/mp4';

const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);
const DOC_TYPE_ID = 0x4282;
/** The EBML header is a few dozen bytes; anything claiming more is not a recording a browser made. */
const EBML_HEADER_MAX = 256;
const FTYP = Buffer.from('ftyp', 'ascii');
/** HEIF and AVIF pictures are ftyp files too, but still images. */
const IMAGE_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1', 'avif', 'avis']);

/** Bytes the sniffer may ask for before it must decide. */
export const SNIFF_MAX_BYTES = 4096;

/**
 * The recording's type from its first bytes: `null` when it is neither WebM nor MP4, `undefined` when more bytes are
 * needed to tell.
 */
export function sniffVideoType(head: Buffer): VideoType | null | undefined {
  if (head.length === 0) return undefined;
  if (head[0] === EBML_MAGIC[0]) return sniffWebm(head);
  if (head.length < 12) return head.length < 8 || head.subarray(4, 8).equals(FTYP) ? undefined : null;
  if (!head.subarray(4, 8).equals(FTYP)) return null;
  return IMAGE_BRANDS.has(head.subarray(8, 12).toString('latin1')) ? null : 'video/mp4';
}

/** Matroska is WebM only when the EBML header's DocType says "webm". */
function sniffWebm(head: Buffer): VideoType | null | undefined {
  const magic = head.subarray(0, EBML_MAGIC.length);
  if (!EBML_MAGIC.subarray(0, magic.length).equals(magic)) return null;
  if (head.length === EBML_MAGIC.length) return undefined;
  const size = readVint(head, EBML_MAGIC.length, true);
  if (size === undefined) return undefined;
  if (size === null || size.value > EBML_HEADER_MAX) return null;
  const end = EBML_MAGIC.length + size.length + size.value;
  let offset = EBML_MAGIC.length + size.length;
  while (offset < end) {
    const id = readVint(head, offset, false);
    const child = id ? readVint(head, offset + id.length, true) : id;
    if (id === null || child === null) return null;
    if (id === undefined || child === undefined) return undefined;
    const dataStart = offset + id.length + child.length;
    const dataEnd = dataStart + child.value;
    if (dataEnd > end) return null;
    if (id.value === DOC_TYPE_ID) {
      if (head.length < dataEnd) return undefined;
      return head.subarray(dataStart, dataEnd).toString('latin1').replace(/\0+$/, '') === 'webm' ? 'video/webm' : null;
    }
    offset = dataEnd;
  }
  return head.length < end ? undefined : null;
}

/**
 * An EBML variable-length integer at `offset`: its length comes from the leading zero bits of the first byte. Element
 * ids keep that marker bit (`asSize` false), sizes drop it. `undefined` when the bytes are not all there yet.
 */
function readVint(
  bytes: Buffer,
  offset: number,
  asSize: boolean,
): { value: number; length: number } | null | undefined {
  if (offset >= bytes.length) return undefined;
  const first = bytes[offset];
  if (first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (length > (asSize ? 8 : 4)) return null;
  if (offset + length > bytes.length) return undefined;
  let value = asSize ? first & (0xff >> length) : first;
  for (let index = 1; index < length; index++) value = value * 256 + bytes[offset + index];
  return { value, length };
}
