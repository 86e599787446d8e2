import { multipartBody, type MultipartPart } from '@app/testing';
import { gzipSync } from 'node:zlib';
import type { Random } from './random';

/** One generated request, exactly as it is written to the socket. */
export interface FuzzRequest {
  /** What was generated, for the failure report. */
  label: string;
  method: string;
  path: string;
  headers: Record<string, string | number>;
  body?: Buffer;
  /** Sent without a length, in chunks. */
  chunked?: boolean;
  /** Declares more bytes than it sends, then gives up: an answer is optional, leftovers are not. */
  truncated?: boolean;
  /** The session a partner's submission aims at. */
  sessionId?: string;
}

export interface FuzzSession {
  id: string;
  qrCodeId: string;
  recipientToken: string;
  /** Announced, not yet uploaded recordings of this session. */
  assetIds: string[];
}

/** What the generators may refer to, so that some requests get past the first checks. */
export interface FuzzWorld {
  publicOrigin: string;
  memberToken: string;
  inactiveMemberToken: string;
  /** Staff accounts (the support lookup, the job dashboard). */
  supportToken: string;
  adminToken: string;
  /** Checkouts started by the member at the billing service (local provider). */
  checkoutIds: string[];
  existingEmail: string;
  pictureKey: string;
  sessions: FuzzSession[];
  /** The start of a real WebM recording: enough for the sniffer, cheap to send thousands of times. */
  webmHead: Buffer;
  /** A whole real recording. */
  webm: Buffer;
  mp4: Buffer;
  /** The recording limit both services were started with. */
  maxRecordingBytes: number;
}

// ------------------------------------------------------------------ values

const UNICODE = [
  'Zoë Ångström',
  '李小龍',
  '🙂👩‍👩‍👧‍👦',
  '\u202egnp.exe',
  'a\u200bb\u200d',
  'e\u0301\u0301\u0301',
  '\ufeffBOM',
  '\ud800',
  '\udfff\ud800',
  'İıŞ',
  'ＡＢＣ',
  '\uffff\ufffe',
  'مرحبا',
];
const INJECTIONS = [
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  '${jndi:ldap://x}',
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '%00',
  '\\',
  '{{7*7}}',
  'null',
  'undefined',
  '__proto__',
];

function weirdString(r: Random): string {
  return r.oneOf<string>([
    () => '\u0000',
    () => `Alex\u0000Doe`,
    () => String.fromCharCode(r.int(1, 31)).repeat(r.int(1, 3)),
    () => `name${String.fromCharCode(r.int(0, 31))}`,
    () => '\u007f',
    () => 'x'.repeat(r.pick([199, 201, 4097, 70_000])),
    () => r.pick(UNICODE),
    () => r.pick(INJECTIONS),
    () => r.pick(['', ' ', '\t', '   \n  ']),
  ]);
}

function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level++) value = level % 2 ? [value] : { a: value };
  return value;
}

function deepArray(depth: number): string {
  return `${'['.repeat(depth)}1${']'.repeat(depth)}`;
}

function weirdValue(r: Random): unknown {
  return r.oneOf<unknown>([
    () => weirdString(r),
    () => weirdString(r),
    () => r.pick([null, true, false, 0, -1, 1.5, -0, 1e308, -1e308, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER, 5e-324]),
    () => r.pick<unknown>([{}, [], [1, 2, 3], { $gt: '' }, { toString: 'x' }]),
    () => [weirdString(r)],
    () => nested(r.int(2, 31)),
  ]);
}

/** Literals JSON.stringify cannot write: out-of-range numbers, escapes, bodies too deep. */
function rawLiteral(r: Random): string {
  return r.oneOf<string>([
    () =>
      r.pick([
        '1e309',
        '-1e309',
        '123456789012345678901234567890',
        '-0',
        '1E-400',
        '0.0000000000000000000001',
        '1e2',
        '00012',
      ]),
    () => r.pick(['"\\u0000"', '"a\\u0000b"', '"\\ud800"', '"\\u001b[2J"', '"\\/\\/"']),
    () => deepArray(r.int(33, 5000)),
  ]);
}

// ------------------------------------------------------------------ JSON bodies

const PLACEHOLDER = '__fuzz_raw__';
const EXTRA_KEYS = [
  'admin',
  'isEncrypted',
  'id',
  'initiatorUserId',
  'consentStatus',
  'aiVerdict',
  'storageKey',
  'constructor',
  '',
];

/** A valid body with one to three things wrong with it, sometimes at the level of the JSON text itself. */
function jsonBody(r: Random, valid: Record<string, unknown>): { text: Buffer; label: string } {
  const body: Record<string, unknown> = { ...valid };
  const keys = Object.keys(valid);
  const labels: string[] = [];
  for (let count = r.int(1, 3); count > 0; count--) {
    r.oneOf([
      () => {
        const key = r.pick(keys);
        body[key] = weirdValue(r);
        labels.push(`${key}=weird`);
      },
      () => {
        const key = r.pick(keys);
        delete body[key];
        labels.push(`-${key}`);
      },
      () => {
        const key = r.pick(EXTRA_KEYS);
        body[key] = weirdValue(r);
        labels.push(`+${key || '""'}`);
      },
      () => {
        const key = r.pick(keys);
        body[key] = PLACEHOLDER;
        labels.push(`${key}=raw`);
      },
    ]);
  }
  let text = JSON.stringify(body);
  while (text.includes(`"${PLACEHOLDER}"`)) text = text.replace(`"${PLACEHOLDER}"`, rawLiteral(r));
  if (r.chance(0.25)) {
    const [mutated, label] = r.oneOf<[string, string]>([
      () => [text.replace('{', '{"__proto__":{"polluted":true},'), '__proto__'],
      () => [text.replace('{', `{"${keys[0]}":1,`), 'duplicate key'],
      () => [text.slice(0, r.int(0, text.length - 1)), 'cut short'],
      () => [`\ufeff${text}`, 'BOM'],
      () => [`${text}${r.pick(['x', '}', ',', ' {}', '\u0000'])}`, 'trailing garbage'],
      () => [r.pick(['null', '[]', '"x"', '42', '', 'true', '{', '{"a":}']), 'top level'],
      () => [deepArray(r.int(33, 20_000)), 'deep array'],
      () => [`${'{"a":'.repeat(r.int(33, 5000))}1`, 'deep unclosed object'],
    ]);
    text = mutated;
    labels.push(label);
  }
  const bytes = Buffer.from(text);
  if (r.chance(0.03)) {
    labels.push('invalid UTF-8');
    return {
      text: Buffer.concat([
        bytes.subarray(0, bytes.length >> 1),
        Buffer.from([0xff, 0xfe, 0xc3]),
        bytes.subarray(bytes.length >> 1),
      ]),
      label: labels.join(' '),
    };
  }
  return { text: bytes, label: labels.join(' ') };
}

const JSON_TYPES = [
  'text/plain',
  'application/json; charset=utf-16',
  'application/json; charset=utf-32',
  'application/json; charset=latin1',
  'application/json; charset=nonsense',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/JSON',
  'application/vnd.api+json',
  'application/json; charset=utf-8; x="y"',
  'application/json, text/plain',
  '',
  '*/*',
];

function jsonHeaders(r: Random, body: Buffer): { headers: Record<string, string>; body: Buffer; label: string } {
  const headers: Record<string, string> = { 'Content-Type': r.chance(0.75) ? 'application/json' : r.pick(JSON_TYPES) };
  if (r.chance(0.05)) {
    return r.oneOf([
      () => ({ headers: { ...headers, 'Content-Encoding': 'gzip' }, body: gzipSync(body), label: 'gzip' }),
      () => ({
        headers: { ...headers, 'Content-Encoding': 'gzip' },
        body: gzipSync(Buffer.alloc(9 * 1024 * 1024, 0x20)),
        label: 'gzip bomb',
      }),
      () => ({
        headers: {
          ...headers,
          'Content-Encoding': r.pick(['gzip', 'deflate', 'br', 'snappy', 'gzip, gzip', 'identity']),
        },
        body,
        label: 'lying encoding',
      }),
    ]);
  }
  return { headers, body, label: headers['Content-Type'] };
}

/**
 * A Content-Length that does not describe the body: too short (the rest reads as a broken next request) or not a
 * length at all (Node's parser refuses the request). Undefined for an honest one.
 */
function lyingLength(r: Random, bodyLength: number): { value: string; label: string } | undefined {
  if (!r.chance(0.04)) return undefined;
  return r.oneOf([
    () => ({ value: String(Math.max(0, bodyLength - r.int(1, 100))), label: 'declares less than it sends' }),
    () => ({
      value: r.pick(['abc', '-1', '1e3', '0x10', '5, 6', '99999999999999999999']),
      label: 'length not a number',
    }),
  ]);
}

// ------------------------------------------------------------------ who is calling

function credentials(r: Random, world: FuzzWorld): { headers: Record<string, string>; label: string } {
  const origin = (): Record<string, string> =>
    r.oneOf([
      () => ({}),
      () => ({ Origin: world.publicOrigin }),
      () => ({ Origin: 'https://evil.example' }),
      () => ({ Origin: 'null' }),
      () => ({ Referer: `${world.publicOrigin}/x` }),
    ]);
  return r.oneOf<{ headers: Record<string, string>; label: string }>([
    () => ({ headers: {}, label: 'anonymous' }),
    () => ({ headers: {}, label: 'anonymous' }),
    () => ({ headers: {}, label: 'anonymous' }),
    () => ({ headers: { Authorization: `Bearer ${world.memberToken}` }, label: 'member' }),
    () => ({ headers: { Authorization: `Bearer ${world.memberToken}` }, label: 'member' }),
    () => ({ headers: { Authorization: `Bearer ${world.inactiveMemberToken}` }, label: 'inactive member' }),
    () => ({ headers: { Cookie: `session=${world.memberToken}`, ...origin() }, label: 'member cookie' }),
    () => ({
      headers: {
        Authorization: r.pick([
          'Bearer',
          'Bearer ',
          'Bearer x.y.z',
          'Basic dXNlcjpwYXNz',
          `Bearer ${world.memberToken}x`,
          `bearer ${world.memberToken}`,
          'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4Iiwic2lkIjoieSJ9.',
        ]),
      },
      label: 'bad bearer',
    }),
    () => ({
      headers: {
        Cookie: r.pick([
          'session=',
          'session=garbage',
          'session=a; session=b',
          `session=${'x'.repeat(3000)}`,
          '; ;=;',
          'sessio=x',
        ]),
        ...origin(),
      },
      label: 'bad cookie',
    }),
  ]);
}

function recipientToken(r: Random, world: FuzzWorld, session: FuzzSession): Record<string, string> {
  return r.oneOf<Record<string, string>>([
    () => ({ 'X-Recipient-Token': session.recipientToken }),
    () => ({ 'X-Recipient-Token': session.recipientToken }),
    () => ({ 'X-Recipient-Token': session.recipientToken }),
    () => ({ 'X-Recipient-Token': r.pick(world.sessions).recipientToken }),
    () => ({}),
    () => ({
      'X-Recipient-Token': r.pick([
        'x',
        'x'.repeat(129),
        `${session.recipientToken} `,
        'ÿÿÿ',
        'a b',
        '"',
        session.recipientToken.toUpperCase(),
      ]),
    }),
  ]);
}

/** Headers any request may carry on top: proxies, ids, lies. */
function extraHeaders(r: Random): Record<string, string> {
  if (!r.chance(0.15)) return {};
  return r.oneOf<Record<string, string>>([
    () => ({
      'X-Forwarded-For': r.pick(['203.0.113.9', 'not-an-ip', `${'1.'.repeat(100)}1`, '::1, 10.0.0.1', 'ÿ', '', ', ,']),
    }),
    () => ({ 'X-Request-Id': r.pick(['x'.repeat(200), '../../etc', 'ÿ', '']) }),
    () => ({ 'User-Agent': r.pick(['x'.repeat(5000), 'ÿþ', '']) }),
    () => ({ 'X-Actor-User-Id': '00000000-0000-4000-8000-000000000000', 'X-Internal-Token': 'x'.repeat(40) }),
    () => ({ Accept: r.pick(['text/html', '*/*;q=0', 'application/json;q=0']) }),
    () => ({ Expect: '100-continue' }),
  ]);
}

// ------------------------------------------------------------------ paths

function idSegment(
  r: Random,
  world: FuzzWorld,
  session: FuzzSession,
  kind: 'id' | 'qr',
): { segment: string; label: string } {
  const valid = kind === 'id' ? session.id : session.qrCodeId;
  const segment = r.oneOf<string>([
    () => valid,
    () => valid,
    () => valid.toUpperCase(),
    () => r.pick(world.sessions)[kind === 'id' ? 'id' : 'qrCodeId'],
    () => r.pick(['6f1c2b0e-8d1a-4c55-9e21-3a7b9c0d1e2f', 'ciq-abc-def', 'ciq-', 'ciq--', `ciq-${'a'.repeat(70)}-b`]),
    () =>
      r.pick([
        '..',
        '%2e%2e',
        '.%2E',
        '..%2F..%2Fhealthz',
        '..%2fvideo-assets',
        '%2e%2e%2f%2e%2e%2freadyz',
        '..%5C..%5Cx',
        '%252e%252e%252f',
        '%c0%ae%c0%ae',
      ]),
    () =>
      r.pick([
        '%00',
        `${valid}%00`,
        '%ZZ',
        '%',
        '%E0%A4%A',
        '%E2%98%83',
        'ÿ',
        ';',
        `${valid};x=1`,
        '~',
        '*',
        `${'a'.repeat(5000)}`,
      ]),
    () => `${valid}${r.pick(['%2F', '%2Fstatus', '/', '//', '/..', '%3Ftoken%3Dx', '%23x', '.json', '%20'])}`,
  ]);
  return { segment, label: segment.length > 60 ? `${segment.slice(0, 60)}…` : segment };
}

function query(r: Random, session: FuzzSession): string {
  if (!r.chance(0.2)) return '';
  return r.pick([
    `?token=${session.recipientToken}`,
    '?token=%00',
    '?token=%E2%98%83',
    `?token=${'x'.repeat(3000)}`,
    '?token[]=a&token[]=b',
    '?token[a]=b',
    '?token=a&token=b',
    '?%ZZ',
    `?${'a=1&'.repeat(2000)}`,
  ]);
}

// ------------------------------------------------------------------ multipart

function multipartFieldValue(r: Random, valid: string): string {
  if (r.chance(0.88)) return valid;
  return r.oneOf<string>([
    () => weirdString(r).slice(0, 300),
    () => weirdString(r).slice(0, 300),
    () => 'x'.repeat(r.pick([4096, 4097])),
    () => '',
  ]);
}

function videoPart(r: Random, world: FuzzWorld): { part: MultipartPart; label: string } {
  const [file, fileLabel] = r.oneOf<[Buffer, string]>([
    () => [world.webmHead, 'webm head'],
    () => [world.webmHead, 'webm head'],
    () => [world.webm, 'webm'],
    () => [world.mp4.subarray(0, 4096), 'mp4 head'],
    () => [Buffer.from('<html>not a video</html>'.repeat(50)), 'html'],
    () => [Buffer.alloc(0), 'empty'],
    () => [world.webmHead.subarray(0, r.int(1, 40)), 'cut webm header'],
    () => [Buffer.concat([world.webmHead, Buffer.alloc(world.maxRecordingBytes, 7)]), 'over the limit'],
    () => [Buffer.from([0x00, 0x00, 0x00, 0x18, 0x66, 0x74, 0x79, 0x70, 0x68, 0x65, 0x69, 0x63]), 'heic'],
  ]);
  const [disposition, dispositionLabel] = r.oneOf<[string | undefined, string]>([
    () => [undefined, ''],
    () => [undefined, ''],
    () => [
      `form-data; name="video"; filename*=utf-8''${r.pick(['a%00.webm', '%E2%98%83.webm', '..%2F..%2Fx', `${'a'.repeat(300)}.webm`])}`,
      'encoded file name',
    ],
    () => [
      `form-data; name="video"; filename="${r.pick(['', '../../x.webm', 'a"b.webm', `${'b'.repeat(250)}.webm`, 'ÿ.webm'])}"`,
      'odd file name',
    ],
    () => ['form-data; name="video"', 'no file name'],
    () => ['attachment', 'no name'],
  ]);
  const contentType = r.chance(0.8)
    ? r.pick(['video/webm', 'video/webm;codecs=vp8,opus', 'video/mp4'])
    : r.pick([undefined, 'text/plain', 'application/octet-stream', 'video/', '']);
  return {
    part: { name: 'video', file, filename: 'consent.webm', contentType, ...(disposition ? { disposition } : {}) },
    label: `${fileLabel}${dispositionLabel ? ` ${dispositionLabel}` : ''} type=${String(contentType)}`,
  };
}

/** Fields then file, by chance missing, reordered, duplicated or garbled; sometimes a body that is not multipart at all. */
function multipartRequest(
  r: Random,
  world: FuzzWorld,
  fields: Record<string, string>,
  withVideo: boolean,
): { headers: Record<string, string | number>; body: Buffer; chunked: boolean; truncated: boolean; label: string } {
  const labels: string[] = [];
  let parts: MultipartPart[] = Object.entries(fields).map(([name, value]) => ({
    name,
    value: multipartFieldValue(r, value),
  }));
  if (r.chance(0.2)) {
    parts.splice(r.int(0, parts.length - 1), 1);
    labels.push('a field missing');
  }
  if (r.chance(0.05)) {
    parts.push(...Array.from({ length: 25 }, (_, index) => ({ name: `extra${index}`, value: 'x' })));
    labels.push('25 extra fields');
  }
  if (withVideo || r.chance(0.2)) {
    const video = videoPart(r, world);
    labels.push(video.label);
    if (r.chance(0.15)) {
      parts = [video.part, ...parts];
      labels.push('file first');
    } else parts.push(video.part);
    if (r.chance(0.05)) {
      parts.push(video.part);
      labels.push('two files');
    }
  }
  const boundary = r.chance(0.9) ? `fuzz${r.int(0, 1e9)}` : r.pick(['x'.repeat(71), 'a b', '"quoted"', '-']);
  const close = r.chance(0.93);
  if (!close) labels.push('no closing boundary');
  let body = multipartBody(boundary, parts, { close });
  if (r.chance(0.08)) {
    body = r.oneOf([
      () => body.subarray(0, r.int(0, body.length)),
      () => Buffer.concat([Buffer.from('preamble garbage\r\n'), body, Buffer.from('epilogue')]),
      () => Buffer.from(body.toString('latin1').replace('Content-Disposition', 'Content-Dispositio'), 'latin1'),
      () => Buffer.from(body.toString('latin1').replace(': form-data', ' form-data'), 'latin1'),
      () => Buffer.from('{"sessionId":"x"}'),
    ]);
    labels.push('garbled body');
  }
  const type = r.chance(0.9)
    ? `multipart/form-data; boundary=${boundary}`
    : r.pick([
        'multipart/form-data',
        `multipart/form-data; boundary=other`,
        'multipart/mixed; boundary=x',
        'application/json',
        `multipart/form-data;boundary="${boundary}"`,
        'text/plain',
      ]);
  const headers: Record<string, string | number> = { 'Content-Type': type };
  const [chunked, truncated] = r.oneOf<[boolean, boolean]>([
    () => [false, false],
    () => [false, false],
    () => [false, false],
    () => [true, false],
    () => {
      headers['Content-Length'] = body.length + r.int(1, 50_000);
      labels.push('declares more than it sends');
      return [false, true];
    },
    () => {
      headers['Content-Length'] = world.maxRecordingBytes + r.int(300_000, 1e9);
      labels.push('declares too much');
      return [false, true];
    },
  ]);
  const length = chunked || truncated ? undefined : lyingLength(r, body.length);
  if (length) labels.push(length.label);
  if (!chunked && headers['Content-Length'] === undefined) headers['Content-Length'] = length?.value ?? body.length;
  return { headers, body, chunked, truncated, label: labels.join(', ') };
}

// ------------------------------------------------------------------ the endpoints

type Generator = (r: Random, world: FuzzWorld) => FuzzRequest;

function jsonCall(
  r: Random,
  world: FuzzWorld,
  method: string,
  path: string,
  valid: Record<string, unknown>,
  callers: Record<string, string> = {},
): FuzzRequest {
  const body = jsonBody(r, valid);
  const encoded = jsonHeaders(r, body.text);
  const caller = credentials(r, world);
  const length = lyingLength(r, encoded.body.length);
  return {
    label: `${body.label} | ${encoded.label}${length ? `, ${length.label}` : ''} | ${caller.label}`,
    method,
    path,
    headers: {
      ...encoded.headers,
      ...caller.headers,
      ...callers,
      ...extraHeaders(r),
      ...(length ? { 'Content-Length': length.value } : {}),
    },
    body: encoded.body,
  };
}

const register: Generator = (r, world) =>
  jsonCall(r, world, 'POST', '/api/auth/register', {
    username: r.chance(0.3) ? world.existingEmail : `fuzz-${r.int(0, 1e9)}@example.test`,
    password: 'correct horse 42',
    fullName: 'Alex Doe',
    phoneNumber: '+1 555 123 4567',
    profilePicture: r.pick([
      'data:image/png;base64,iVBORw0KGgo=',
      'data:,',
      'data:image/svg+xml;base64,PHN2Zz4=',
      'data:image/png;base64,%%%',
      `data:image/png;base64,${'A'.repeat(1000)}`,
    ]),
  });

const login: Generator = (r, world) =>
  jsonCall(r, world, 'POST', '/api/auth/login', {
    username: r.chance(0.5) ? world.existingEmail : 'nobody@example.test',
    password: 'wrong password',
  });

const createSession: Generator = (r, world) =>
  jsonCall(r, world, 'POST', '/api/consent/sessions', {
    deleteAfterDays: 90,
    qrCodeId: 'ciq-x-y',
    initiatorFullName: 'Mallory',
    consentStatus: 'granted',
  });

const updateStatus: Generator = (r, world) => {
  const session = r.pick(world.sessions);
  const id = idSegment(r, world, session, 'id');
  const call = jsonCall(
    r,
    world,
    r.chance(0.9) ? 'PATCH' : r.pick(['PUT', 'POST', 'DELETE']),
    `/api/consent/sessions/${id.segment}/status${query(r, session)}`,
    { status: r.pick(['denied', 'granted']), videoAssetId: null },
    recipientToken(r, world, session),
  );
  return { ...call, label: `${id.label} ${call.label}` };
};

const registerAsset: Generator = (r, world) => {
  const session = r.pick(world.sessions);
  return jsonCall(
    r,
    world,
    'POST',
    '/api/video/assets',
    {
      sessionId: r.chance(0.9) ? session.id : r.pick(['', '..', session.qrCodeId]),
      filename: 'consent.webm',
      mimeType: 'video/webm',
      fileSize: 1000,
      storageKey: 'x',
      isEncrypted: true,
    },
    recipientToken(r, world, session),
  );
};

const readSession: Generator = (r, world) => {
  const session = r.pick(world.sessions);
  const byQr = r.chance(0.5);
  const id = idSegment(r, world, session, byQr ? 'qr' : 'id');
  const caller = credentials(r, world);
  const method = r.chance(0.9) ? 'GET' : r.pick(['HEAD', 'OPTIONS', 'DELETE', 'POST', 'PUT', 'PROPFIND']);
  return {
    label: `${byQr ? 'qr' : 'id'} ${id.label} | ${caller.label}`,
    method,
    path: `/api/consent/sessions/${byQr ? 'qr/' : ''}${id.segment}${query(r, session)}`,
    headers: { ...caller.headers, ...recipientToken(r, world, session), ...extraHeaders(r) },
  };
};

const upload: Generator = (r, world) => {
  const session = r.pick(world.sessions);
  const assetId =
    r.chance(0.85) && session.assetIds.length
      ? r.pick(session.assetIds)
      : r.pick(['', 'not-a-uuid', r.pick(world.sessions).assetIds[0] ?? '', '6f1c2b0e-8d1a-4c55-9e21-3a7b9c0d1e2f']);
  const form = multipartRequest(r, world, { sessionId: session.id, videoAssetId: assetId }, r.chance(0.9));
  const caller = credentials(r, world);
  return {
    label: `${form.label} | ${caller.label}`,
    method: 'POST',
    path: '/api/upload',
    headers: { ...form.headers, ...caller.headers, ...recipientToken(r, world, session), ...extraHeaders(r) },
    body: form.body,
    chunked: form.chunked,
    truncated: form.truncated,
  };
};

const processVideo: Generator = (r, world) => {
  const session = r.pick(world.sessions);
  const fields: Record<string, string> = {
    sessionId: session.id,
    decision: r.pick(['yes', 'no', 'maybe', 'YES']),
    recipient_full_name: 'Jordan Lee',
    recipient_phone: '+1 555 987 6543',
    is_over_18: r.chance(0.9) ? 'true' : r.pick(['false', '1', 'TRUE']),
  };
  const withStored = r.chance(0.3);
  if (withStored)
    fields.videoAssetId =
      r.chance(0.7) && session.assetIds.length
        ? r.pick(session.assetIds)
        : r.pick(['not-a-uuid', '6f1c2b0e-8d1a-4c55-9e21-3a7b9c0d1e2f']);
  const form = multipartRequest(r, world, fields, !withStored);
  const caller = credentials(r, world);
  return {
    label: `decision=${fields.decision} ${form.label} | ${caller.label}`,
    method: 'POST',
    path: '/api/consent/process-video',
    sessionId: session.id,
    headers: { ...form.headers, ...caller.headers, ...recipientToken(r, world, session), ...extraHeaders(r) },
    body: form.body,
    chunked: form.chunked,
    truncated: form.truncated,
  };
};

const plainCalls: Generator = (r, world) => {
  const caller = credentials(r, world);
  const [method, path] = r.pick<[string, string]>([
    ['GET', '/api/auth/me'],
    ['POST', '/api/auth/logout'],
    ['GET', '/api/site'],
    ['GET', `/api/media/profile-pictures/${world.pictureKey}`],
    [
      'GET',
      `/api/media/profile-pictures/${r.pick(['..%2F..%2Fetc%2Fpasswd', '%00.webp', 'x.webp', `${'a'.repeat(32)}.webp`, '..', 'ÿ', '%2e%2e%2fprofile-pictures'])}`,
    ],
    [
      'GET',
      r.pick([
        '/api/nope',
        '/api/consent',
        '/api/consent/sessions',
        '/api//auth/me',
        '/api/auth/me/..',
        '/API/SITE',
        '/api/site/',
        '/healthz',
        '/readyz',
        '/%00',
        '/api/%ZZ',
        '/',
      ]),
    ],
    [
      r.pick(['DELETE', 'PUT', 'PATCH', 'HEAD', 'OPTIONS']),
      r.pick(['/api/auth/me', '/api/site', '/api/upload', '/api/consent/process-video']),
    ],
  ]);
  return {
    label: `${method} ${path} | ${caller.label}`,
    method,
    path,
    headers: { ...caller.headers, ...extraHeaders(r) },
  };
};

// ------------------------------------------------------------------ billing and staff

/** A checkout id for a path or a body: a real one, or one that must never reach another route or a query. */
function checkoutSegment(r: Random, world: FuzzWorld): string {
  const valid = r.pick(world.checkoutIds);
  return r.oneOf<string>([
    () => valid,
    () => valid,
    () => r.pick(['cs_local_nope', 'portal', 'x'.repeat(201)]),
    () =>
      r.pick([
        '%00',
        `${valid}%00`,
        '..',
        '%2e%2e',
        '..%2Faccount',
        '%2F..%2Fwebhooks',
        '%ZZ',
        'ÿ',
        `${valid};x`,
        `${valid}%20`,
      ]),
  ]);
}

function checkoutIdValue(r: Random, world: FuzzWorld): string {
  return r.oneOf<string>([
    () => r.pick(world.checkoutIds),
    () => `cs_local_\u0000`,
    () => '\u0000',
    () => '../account',
    () => weirdString(r),
  ]);
}

const card = () => ({ cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' });

const createSubscription: Generator = (r, world) =>
  jsonCall(r, world, 'POST', '/api/stripe/create-subscription', { plan: r.pick(['monthly', 'annual']) });

/** session_id in the body, or (as the return address carries it, the spec's empty body) in the query. */
const verifyPayment: Generator = (r, world) => {
  if (r.chance(0.6))
    return jsonCall(r, world, 'POST', '/api/stripe/verify-payment', { session_id: checkoutIdValue(r, world) });
  const id = r.pick([
    encodeURIComponent(r.pick(world.checkoutIds)),
    '%00',
    'cs_local_%00x',
    '..%2Faccount',
    '%ZZ',
    'a&session_id=b',
    `${'x'.repeat(300)}`,
  ]);
  const caller = credentials(r, world);
  return {
    label: `query session_id=${id.slice(0, 40)} | ${caller.label}`,
    method: 'POST',
    path: `/api/stripe/verify-payment?session_id=${id}`,
    headers: { ...caller.headers, ...extraHeaders(r) },
  };
};

const payTestCheckout: Generator = (r, world) => {
  const id = checkoutSegment(r, world);
  const call = jsonCall(r, world, 'POST', `/api/billing/test-checkout/${id}/pay`, {
    ...card(),
    cardNumber: r.pick(['4242 4242 4242 4242', '4000 0000 0000 0002', '4242']),
  });
  return { ...call, label: `${id.slice(0, 40)} ${call.label}` };
};

const testPortalCard: Generator = (r, world) =>
  jsonCall(r, world, 'POST', '/api/billing/test-checkout/portal/card', card());

const billingCalls: Generator = (r, world) => {
  const caller = credentials(r, world);
  const [method, path] = r.pick<[string, string]>([
    ['GET', '/api/billing/account'],
    ['GET', '/api/billing/referrals'],
    ['POST', '/api/billing/cancel'],
    ['POST', '/api/billing/resume'],
    ['POST', '/api/billing/portal'],
    ['GET', '/api/billing/test-checkout/portal'],
    ['POST', '/api/billing/test-checkout/portal/resume'],
    ['GET', `/api/billing/test-checkout/${checkoutSegment(r, world)}`],
    [
      r.pick(['DELETE', 'PUT', 'PATCH', 'GET']),
      r.pick([
        '/api/billing/cancel',
        '/api/billing/resume',
        '/api/stripe/verify-payment',
        '/api/stripe/create-subscription',
        '/api/billing/nope',
      ]),
    ],
  ]);
  return {
    label: `${method} ${path.slice(0, 80)} | ${caller.label}`,
    method,
    path,
    headers: { ...caller.headers, ...extraHeaders(r) },
  };
};

/** The provider's webhook: public, raw bytes, judged by the billing service's signature check. */
const webhook: Generator = (r, world) => {
  const body = r.oneOf<Buffer>([
    () =>
      Buffer.from(
        JSON.stringify({
          id: 'evt_1',
          type: 'checkout.session.completed',
          data: { object: { id: r.pick(world.checkoutIds) } },
        }),
      ),
    () => jsonBody(r, { id: 'evt_1', type: 'invoice.paid', created: 1 }).text,
    () => Buffer.from(r.pick(['', '{', 'null', '\u0000', 'x'.repeat(70_000)])),
  ]);
  const signature = r.pick([
    undefined,
    't=1,v1=abc',
    'garbage',
    `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
    'ÿ',
  ]);
  return {
    label: `webhook ${body.length} bytes signature=${String(signature)}`,
    method: 'POST',
    path: '/api/stripe/webhook',
    headers: {
      'Content-Type': r.pick(['application/json', 'text/plain', '']),
      ...(signature === undefined ? {} : { 'Stripe-Signature': signature }),
      ...extraHeaders(r),
    },
    body,
  };
};

function staffCredentials(r: Random, world: FuzzWorld): { headers: Record<string, string>; label: string } {
  return r.oneOf([
    () => ({ headers: { Authorization: `Bearer ${world.adminToken}` }, label: 'admin' }),
    () => ({ headers: { Authorization: `Bearer ${world.supportToken}` }, label: 'support' }),
    () => ({
      headers: { Cookie: `session=${world.supportToken}`, Origin: world.publicOrigin },
      label: 'support cookie',
    }),
    () => credentials(r, world),
  ]);
}

/** The support lookup and the job dashboard: staff routes, by staff and by everyone else. */
const staffCalls: Generator = (r, world) => {
  const session = r.pick(world.sessions);
  const caller = staffCredentials(r, world);
  const [method, path] = r.oneOf<[string, string]>([
    () => ['GET', `/api/admin/sessions/${idSegment(r, world, session, 'id').segment}`],
    () => ['GET', `/api/admin/sessions/${idSegment(r, world, session, 'id').segment}`],
    () => [r.pick(['POST', 'DELETE', 'PUT']), `/api/admin/sessions/${session.id}`],
    () => [
      'GET',
      r.pick([
        '/admin/queues',
        '/admin/queues/',
        '/admin/queues/api/queues',
        '/admin/queues/api/queues?activeQueue=%00',
        '/admin/queues/api/queues?status=%ZZ&page=-1&jobsPerPage=1e9',
        '/admin/queues/api/queues?activeQueue=session-updates&status=failed&page=1&jobsPerPage=10',
      ]),
    ],
    () => [
      r.pick(['PUT', 'POST', 'DELETE']),
      r.pick([
        '/admin/queues/api/queues/pause',
        '/admin/queues/api/queues/session-updates/retry/failed',
        '/admin/queues/api/queues/nope/clean/completed',
        '/admin/queues/api/queues/%00/x/retry',
      ]),
    ],
  ]);
  return {
    label: `${method} ${path.slice(0, 100)} | ${caller.label}`,
    method,
    path,
    headers: { ...caller.headers, ...extraHeaders(r) },
  };
};

/** Every endpoint, weighted so the expensive ones (password hashing, pictures) stay a small share. */
const GENERATORS: [Generator, number][] = [
  [createSubscription, 3],
  [verifyPayment, 5],
  [payTestCheckout, 3],
  [testPortalCard, 2],
  [billingCalls, 5],
  [webhook, 2],
  [staffCalls, 6],
  [register, 4],
  [login, 3],
  [createSession, 8],
  [updateStatus, 12],
  [registerAsset, 14],
  [readSession, 20],
  [upload, 16],
  [processVideo, 16],
  [plainCalls, 7],
];
const WEIGHTED = GENERATORS.flatMap(([generator, weight]) => Array.from({ length: weight }, () => generator));

export function malformedRequest(r: Random, world: FuzzWorld): FuzzRequest {
  return r.pick(WEIGHTED)(r, world);
}
