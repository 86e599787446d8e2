import { makeTestRecording, multipartBody } from '@app/testing';
import http from 'node:http';
import { filesUnder } from '../../../consent/test/consent-api';
import { expectError } from '../api-helpers';
import { RawAnswer, rawRequest } from '../raw-http';
import {
  api,
  ConsentStack,
  CreatedSession,
  createSession,
  memberOf,
  PARTNER,
  partnerHeaders,
  startConsentStack,
} from './consent-stack';

const LIMIT = 300_000;
const NOT_FOUND = { error: 'This consent session is invalid or has expired.', code: 'session_not_found' };

/** Input the edge must refuse with a clear 4xx before it reaches the consent service's SQL (issue 8, section 4). */
describe('bad input at the edge of the consent calls', () => {
  let stack: ConsentStack;
  let session: CreatedSession;
  /** Requests that reached the consent service (counted from the first test on). */
  let forwarded: string[];

  beforeAll(async () => {
    stack = await startConsentStack({ RECORDING_MAX_BYTES: String(LIMIT) }, { RECORDING_MAX_BYTES: String(LIMIT) });
    session = await createSession(stack, await memberOf(stack));
    stack.consent.app
      .getHttpServer()
      .on('request', (request: http.IncomingMessage) => forwarded.push(`${request.method} ${request.url}`));
  });
  beforeEach(() => {
    forwarded = [];
  });
  afterAll(() => stack.close());

  const raw = (method: string, path: string, headers: http.OutgoingHttpHeaders = {}, body?: string | Buffer) =>
    rawRequest(stack.gatewayPort, {
      method,
      path,
      headers: { 'X-Recipient-Token': session.recipientToken, ...headers },
      body,
    });
  const json = (answer: RawAnswer) => JSON.parse(answer.text) as unknown;
  const assetCount = async () =>
    (await stack.consent.dataSource.query(`SELECT count(*)::int AS count FROM consent.video_assets`))[0]
      .count as number;
  const sessionRow = async () =>
    (await stack.consent.dataSource.query(`SELECT * FROM consent.consent_sessions WHERE id = $1`, [session.id]))[0];

  describe('ids in paths: anything but a uuid or a QR id is an unknown session, and is never forwarded', () => {
    it.each([
      ['GET', '/api/consent/sessions/qr/%00'],
      ['GET', '/api/consent/sessions/%00'],
      ['GET', '/api/consent/sessions/..%2Fvideo-assets'],
      ['GET', '/api/consent/sessions/%2e%2e'],
      ['GET', '/api/consent/sessions/%2E%2E%2F%2E%2E%2Fhealthz'],
      ['GET', '/api/consent/sessions/qr/%2e%2e%2fsessions'],
      ['GET', '/api/consent/sessions/qr/..%2F..%2Freadyz'],
      ['GET', '/api/consent/sessions/qr/ciq-abc-def%2F..'],
      ['GET', '/api/consent/sessions/qr/ciq-abc-def%00'],
      ['GET', '/api/consent/sessions/6f1c2b0e-8d1a-4c55-9e21-3a7b9c0d1e2f%2Fstatus'],
      ['GET', '/api/consent/sessions/6f1c2b0e-8d1a-4c55-9e21-3a7b9c0d1e2f%3Ftoken=x'],
      ['GET', `/api/consent/sessions/${'a'.repeat(200)}`],
      ['PATCH', '/api/consent/sessions/..%2F..%2Fprocess-video/status'],
      ['PATCH', '/api/consent/sessions/%2e%2e/status'],
      ['PATCH', '/api/consent/sessions/%00/status'],
    ])('%s %s', async (method, path) => {
      const answer = await raw(
        method,
        path,
        { 'Content-Type': 'application/json' },
        method === 'PATCH' ? '{"status":"denied"}' : undefined,
      );
      expect({ status: answer.status, body: json(answer) }).toEqual({ status: 404, body: NOT_FOUND });
      expect(forwarded).toEqual([]);
    });

    it('still forwards well-formed ids', async () => {
      expect((await raw('GET', `/api/consent/sessions/qr/${session.qrCodeId}`)).status).toBe(200);
      expect((await raw('GET', `/api/consent/sessions/${session.id}`)).status).toBe(200);
      expect(forwarded).toEqual([`GET /sessions/qr/${session.qrCodeId}`, `GET /sessions/${session.id}`]);
    });
  });

  describe('NUL and other control characters in stored text: 400 validation_failed, nothing written', () => {
    const asset = {
      sessionId: '',
      filename: 'consent.webm',
      mimeType: 'video/webm',
      fileSize: 1000,
      storageKey: 'x',
      isEncrypted: true,
    };

    it.each([
      ['filename', { filename: 'consent\u0000.webm' }, 'filename must not contain control characters'],
      ['filename', { filename: 'consent\u001b[2J.webm' }, 'filename must not contain control characters'],
      ['mimeType', { mimeType: 'video/webm\u0000' }, 'mimeType must not contain control characters'],
    ])('POST /api/video/assets with a control character in %s', async (_field, overrides, message) => {
      const before = await assetCount();
      const response = await api(stack)
        .post('/api/video/assets')
        .set(partnerHeaders(session))
        .send({ ...asset, sessionId: session.id, ...overrides });
      expectError(response, 400, message);
      expect(response.body.code).toBe('validation_failed');
      expect(await assetCount()).toBe(before);
      expect(forwarded).toEqual([]);
    });

    it('POST /api/video/assets with a JSON-escaped NUL (\\u0000 in the raw body)', async () => {
      const answer = await raw(
        'POST',
        '/api/video/assets',
        { 'Content-Type': 'application/json' },
        `{"sessionId":"${session.id}","filename":"a\\u0000.webm","mimeType":"video/webm","fileSize":10}`,
      );
      expect({ status: answer.status, body: json(answer) }).toEqual({
        status: 400,
        body: { error: 'filename must not contain control characters', code: 'validation_failed' },
      });
    });

    it.each([
      ['recipient_full_name', `${PARTNER.name}\u0000`, 'Name must not contain control characters'],
      ['recipient_phone', `${PARTNER.phone}\u0000`, 'Phone number must not contain control characters'],
      ['recipient_full_name', `${PARTNER.name}\r\nX-Injected: 1`, 'Name must not contain control characters'],
    ])('POST /api/consent/process-video with a control character in %s', async (field, value, message) => {
      const before = {
        row: await sessionRow(),
        assets: await assetCount(),
        files: await filesUnder(stack.consent.storageDir),
      };
      const fields = {
        sessionId: session.id,
        decision: 'yes',
        recipient_full_name: PARTNER.name,
        recipient_phone: PARTNER.phone,
        is_over_18: 'true',
        [field]: value,
      };
      const call = api(stack).post('/api/consent/process-video').set(partnerHeaders(session));
      for (const [name, fieldValue] of Object.entries(fields)) call.field(name, fieldValue);
      const response = await call.attach('video', await makeTestRecording('webm'), {
        filename: 'consent.webm',
        contentType: 'video/webm',
      });
      expectError(response, 400, message);
      expect(response.body.code).toBe('validation_failed');
      expect({
        row: await sessionRow(),
        assets: await assetCount(),
        files: await filesUnder(stack.consent.storageDir),
      }).toEqual(before);
    });

    it("POST /api/consent/process-video with NUL in the video part's file name", async () => {
      const before = {
        row: await sessionRow(),
        assets: await assetCount(),
        files: await filesUnder(stack.consent.storageDir),
      };
      const boundary = 'nulname';
      const body = multipartBody(boundary, [
        ...Object.entries({
          sessionId: session.id,
          decision: 'yes',
          recipient_full_name: PARTNER.name,
          recipient_phone: PARTNER.phone,
          is_over_18: 'true',
        }).map(([name, value]) => ({ name, value })),
        {
          name: 'video',
          file: await makeTestRecording('webm'),
          disposition: `form-data; name="video"; filename*=utf-8''consent%00.webm`,
          contentType: 'video/webm',
        },
      ]);
      const answer = await raw(
        'POST',
        '/api/consent/process-video',
        { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': body.length },
        body,
      );
      expect({ status: answer.status, body: json(answer) }).toEqual({
        status: 400,
        body: { error: 'filename must not contain control characters', code: 'validation_failed' },
      });
      expect({
        row: await sessionRow(),
        assets: await assetCount(),
        files: await filesUnder(stack.consent.storageDir),
      }).toEqual(before);
    });
  });

  describe('deeply nested JSON: 400 body_too_deep, not a 500 while it is forwarded', () => {
    const deep = `{"sessionId":${'['.repeat(5000)}${']'.repeat(5000)}}`;

    it.each([
      ['POST', '/api/video/assets'],
      ['PATCH', `/api/consent/sessions/6f1c2b0e-8d1a-4c55-9e21-3a7b9c0d1e2f/status`],
      ['POST', '/api/consent/sessions'],
    ])('%s %s', async (method, path) => {
      const answer = await raw(method, path, { 'Content-Type': 'application/json' }, deep);
      expect({ status: answer.status, body: json(answer) }).toEqual({
        status: 400,
        body: { error: 'Request body is nested too deeply', code: 'body_too_deep' },
      });
      expect(forwarded).toEqual([]);
    });
  });

  describe('an upload declaring more than the limit: 413 at once, nothing read or forwarded', () => {
    /** Sends the headers and the first bytes only, then waits for the answer while holding back the rest. */
    function declareTooMuch(path: string): Promise<{ answer: RawAnswer; ms: number }> {
      const boundary = 'toolarge';
      const head = multipartBody(
        boundary,
        [
          { name: 'sessionId', value: session.id },
          { name: 'video', file: Buffer.alloc(0), filename: 'consent.webm', contentType: 'video/webm' },
        ],
        {
          close: false,
        },
      );
      const declared = LIMIT + 1024 * 1024;
      const started = Date.now();
      return new Promise((resolve, reject) => {
        const call = http.request(
          {
            host: '127.0.0.1',
            port: stack.gatewayPort,
            method: 'POST',
            path,
            agent: false,
            headers: {
              'Content-Type': `multipart/form-data; boundary=${boundary}`,
              'Content-Length': declared,
              'X-Recipient-Token': session.recipientToken,
            },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => {
              const body = Buffer.concat(chunks);
              resolve({
                answer: { status: response.statusCode ?? 0, headers: response.headers, body, text: body.toString() },
                ms: Date.now() - started,
              });
              call.destroy();
            });
          },
        );
        call.on('error', reject);
        call.write(head);
        call.write(Buffer.alloc(1000, 1));
        // The rest (over a megabyte) is never sent: a gateway that waited for it would never answer.
      });
    }

    it.each(['/api/upload', '/api/consent/process-video'])('%s', async (path) => {
      const files = await filesUnder(stack.consent.storageDir);
      const { answer, ms } = await declareTooMuch(path);

      expect({ status: answer.status, body: json(answer) }).toEqual({
        status: 413,
        body: { error: 'Recordings must be 0.28 MB or smaller', code: 'recording_too_large' },
      });
      expect(answer.headers.connection).toBe('close');
      expect(ms).toBeLessThan(2000);
      expect(forwarded).toEqual([]);
      expect(await filesUnder(stack.consent.storageDir)).toEqual(files);
    });
  });
});
