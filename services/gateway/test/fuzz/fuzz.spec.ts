import { makeTestRecording } from '@app/testing';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { relative } from 'node:path';
import { BillingTestApp, startBillingTestApp, startCheckout } from '../../../billing/test/billing-test-app';
import { AuditLogService } from '../../../consent/src/audit/audit-log.service';
import { filesUnder } from '../../../consent/test/consent-api';
import { setRole } from '../admin/staff-helpers';
import { pictureFiles, registerOk } from '../api-helpers';
import { api, ConsentStack, createSession, memberOf, startConsentStack } from '../consent/consent-stack';
import { FuzzRequest, FuzzWorld, malformedRequest } from './malformed-requests';
import { Random } from './random';

/** Replay a failure with the seed it prints: FUZZ_SEED=<seed> npx jest --config jest.config.js services/gateway/test/fuzz */
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const REQUESTS = 3000;
const IN_FLIGHT = 8;
const MAX_RECORDING_BYTES = 100_000;
const ANSWER_TIMEOUT_MS = 15_000;
/** How long a request that declared more than it sent waits for an early answer before it gives up. */
const TRUNCATED_WAIT_MS = 200;
const PUBLIC_ORIGIN = 'https://consent.example';
const UNLIMITED = '1000000';

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

/** What the servers confirmed to the generated requests. */
interface Acknowledged {
  /** Assets whose upload was answered 201. */
  uploads: Set<string>;
  /** Sessions whose submission was answered 202. */
  submittedSessions: Set<string>;
  /**
   * Sessions a submission reached only after another request had answered them (409): its recording was stored, as
   * /api/upload would have, before the session's lock showed the race was lost. Legitimate, though unacknowledged.
   */
  submissionsTooLate: Set<string>;
}

/** What went wrong with one request; `index` and the seed regenerate it. */
interface Failure {
  index: number;
  request: string;
  problem: string;
}

/**
 * A few thousand malformed requests from a seeded generator, across every endpoint of the gateway (the members', the
 * partner's, billing's and the staff's) in front of the real consent and billing services: none may answer 5xx, every error must be `{error, code}` JSON, and afterwards storage and
 * database must hold exactly what the accepted requests stored, nothing half written.
 */
describe(`fuzz: ${REQUESTS} malformed requests (FUZZ_SEED=${SEED})`, () => {
  let stack: ConsentStack;
  let billing: BillingTestApp;
  let world: FuzzWorld;
  /** 5xx answers seen by the servers themselves, also those whose client had already gone. */
  const serverErrors: string[] = [];

  beforeAll(async () => {
    // The real billing service (local provider) behind the gateway too, with the one service credential.
    const internalToken = randomBytes(32).toString('base64url');
    billing = await startBillingTestApp({ INTERNAL_SERVICE_TOKEN: internalToken });
    stack = await startConsentStack(
      {
        RECORDING_MAX_BYTES: String(MAX_RECORDING_BYTES),
        MAX_ASSETS_PER_SESSION: UNLIMITED,
        INTERNAL_SERVICE_TOKEN: internalToken,
      },
      {
        BILLING_SERVICE_URL: billing.baseUrl,
        CHECKOUTS_PER_MEMBER_PER_HOUR: UNLIMITED,
        TEST_PAYMENTS_PER_MEMBER_PER_HOUR: UNLIMITED,
        RECORDING_MAX_BYTES: String(MAX_RECORDING_BYTES),
        PUBLIC_URL: PUBLIC_ORIGIN,
        TRUST_PROXY_HOPS: '1',
        // The inputs must reach the validators, not a 429.
        REGISTRATIONS_PER_IP_PER_HOUR: UNLIMITED,
        LOGIN_MAX_FAILURES_PER_IP: UNLIMITED,
        LOGIN_MAX_FAILURES_PER_ACCOUNT: UNLIMITED,
        SESSIONS_PER_MEMBER_PER_HOUR: UNLIMITED,
      },
    );
    for (const [name, server] of [
      ['gateway', stack.gateway.app.getHttpServer()],
      ['consent service', stack.consent.app.getHttpServer()],
      ['billing service', billing.app.getHttpServer()],
    ] as const) {
      server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) =>
        response.on('finish', () => {
          if (response.statusCode >= 500)
            serverErrors.push(`${name}: ${response.statusCode} ${request.method} ${request.url?.slice(0, 120)}`);
        }),
      );
    }
    world = await buildWorld(stack, billing);
  });
  afterAll(async () => {
    await stack.close();
    await billing.close();
  });

  it('answers every one with a 4xx {error, code} or a success, and leaves nothing half written', async () => {
    const random = new Random(SEED);
    const requests = Array.from({ length: REQUESTS }, () => malformedRequest(random, world));
    const failures: Failure[] = [];
    const acknowledged: Acknowledged = {
      uploads: new Set(),
      submittedSessions: new Set(),
      submissionsTooLate: new Set(),
    };
    const statuses = new Map<number, number>();
    const errorCodes = new Set<string>();
    let unanswered = 0;

    let next = 0;
    const worker = async () => {
      for (let index = next++; index < requests.length; index = next++) {
        const request = requests[index];
        const fail = (problem: string) => failures.push({ index, request: summary(request), problem });
        try {
          const answer = await send(stack.gatewayPort, request);
          if (!answer) {
            unanswered++;
            continue;
          }
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          const problem = checkAnswer(request, answer);
          if (problem) fail(problem);
          else if (answer.status >= 400 && answer.text) errorCodes.add(JSON.parse(answer.text).code);
          if (request.path === '/api/upload' && answer.status === 201)
            acknowledged.uploads.add(JSON.parse(answer.text).id);
          if (request.path === '/api/consent/process-video' && answer.status === 202)
            acknowledged.submittedSessions.add(JSON.parse(answer.text).id);
          if (request.path === '/api/consent/process-video' && answer.status === 409)
            acknowledged.submissionsTooLate.add(request.sessionId!);
        } catch (error) {
          fail(`client error: ${(error as Error).message}`);
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));

    const report = `FUZZ_SEED=${SEED}: ${failures.length} of ${REQUESTS} requests failed; statuses ${JSON.stringify(Object.fromEntries(statuses))}, ${unanswered} unanswered`;
    expect({ report, failures: failures.slice(0, 10), serverErrors: serverErrors.slice(0, 10) }).toEqual({
      report,
      failures: [],
      serverErrors: [],
    });
    // The inputs reached the validators of every call, not only a first refusal (a rate limit, the origin check).
    expect(errorCodes.size).toBeGreaterThanOrEqual(25);

    await expectStoredExactlyWhatWasAcknowledged(acknowledged);
    await expectNothingHalfWritten();
  }, 180_000);

  /** The recordings in storage are exactly those of assets marked stored, each acknowledged to its sender. */
  async function expectStoredExactlyWhatWasAcknowledged(acknowledged: Acknowledged): Promise<void> {
    const stored: { id: string; storage_key: string; session_id: string }[] = await stack.consent.dataSource.query(
      `SELECT id, storage_key, session_id FROM consent.video_assets WHERE stored_at IS NOT NULL`,
    );
    const files = (await filesUnder(stack.consent.storageDir)).map((file) => relative(stack.consent.storageDir, file));
    expect(files.sort()).toEqual(stored.map((asset) => asset.storage_key).sort());

    const submittedAssets: { video_asset_id: string }[] = await stack.consent.dataSource.query(
      `SELECT video_asset_id FROM consent.consent_sessions WHERE id = ANY($1::uuid[]) AND video_asset_id IS NOT NULL`,
      [[...acknowledged.submittedSessions]],
    );
    const known = new Set([...acknowledged.uploads, ...submittedAssets.map((session) => session.video_asset_id)]);
    expect(
      stored.filter((asset) => !known.has(asset.id) && !acknowledged.submissionsTooLate.has(asset.session_id)),
    ).toEqual([]);
    for (const id of acknowledged.uploads) expect(stored.some((asset) => asset.id === id)).toBe(true);
  }

  async function expectNothingHalfWritten(): Promise<void> {
    const consent = stack.consent.dataSource;
    expect(
      await consent.query(
        `SELECT id FROM consent.video_assets WHERE stored_at IS NOT NULL AND (sha256 IS NULL OR file_size <= 0)`,
      ),
    ).toEqual([]);
    expect(
      await consent.query(`
        SELECT a.id FROM consent.video_assets a
        WHERE a.stored_at IS NOT NULL AND NOT EXISTS (
          SELECT 1 FROM consent.audit_log l WHERE l.session_id = a.session_id AND l.event = 'recording_stored' AND l.details->>'videoAssetId' = a.id::text)`),
    ).toEqual([]);
    expect(
      await consent.query(`
        SELECT s.id FROM consent.consent_sessions s
        WHERE s.ai_verdict = 'processing' AND (
          s.recipient_full_name IS NULL OR s.recipient_phone IS NULL OR NOT s.verified_over_18 OR s.recipient_decision IS NULL
          OR NOT EXISTS (SELECT 1 FROM consent.video_assets a WHERE a.id = s.video_asset_id AND a.session_id = s.id AND a.stored_at IS NOT NULL))`),
    ).toEqual([]);
    const audit = stack.consent.app.get(AuditLogService);
    const sessions: { id: string }[] = await consent.query(`SELECT id FROM consent.consent_sessions`);
    for (const { id } of sessions) expect({ id, valid: (await audit.verify(id)).valid }).toEqual({ id, valid: true });

    const identity = stack.gateway.dataSource;
    const keys: { key: string }[] = await identity.query(
      `SELECT profile_picture_key AS key FROM identity.users WHERE profile_picture_key IS NOT NULL`,
    );
    expect(await pictureFiles(stack.gateway)).toEqual(keys.map(({ key }) => key).sort());
    expect(await identity.query(`SELECT id FROM identity.users WHERE profile_picture_key IS NULL`)).toEqual([]);
  }
});

/** Members, sessions and announced recordings the generated requests can aim at, so many get past the first checks. */
async function buildWorld(stack: ConsentStack, billing: BillingTestApp): Promise<FuzzWorld> {
  const member = await memberOf(stack);
  const inactive = await memberOf(stack, false);
  const existing = await registerOk(stack.gateway);
  const [support, admin] = [await registerOk(stack.gateway), await registerOk(stack.gateway)];
  await setRole(stack.gateway.dataSource, support.user.id, 'support');
  await setRole(stack.gateway.dataSource, admin.user.id, 'admin');
  const checkoutIds = [
    (await startCheckout(billing, member.id, 'monthly')).sessionId,
    (await startCheckout(billing, inactive.id, 'annual')).sessionId,
  ];
  const webm = await makeTestRecording('webm');
  const sessions = [];
  for (let count = 0; count < 24; count++) {
    const session = await createSession(stack, member);
    const assetIds: string[] = [];
    for (let asset = 0; asset < 4; asset++) {
      const response = await api(stack)
        .post('/api/video/assets')
        .set('X-Recipient-Token', session.recipientToken)
        .send({ sessionId: session.id, filename: 'consent.webm', mimeType: 'video/webm', fileSize: 1000 });
      assetIds.push(response.body.id);
    }
    sessions.push({ id: session.id, qrCodeId: session.qrCodeId, recipientToken: session.recipientToken, assetIds });
  }
  return {
    publicOrigin: PUBLIC_ORIGIN,
    memberToken: member.token,
    inactiveMemberToken: inactive.token,
    supportToken: support.token,
    adminToken: admin.token,
    checkoutIds,
    existingEmail: existing.username,
    pictureKey: String(existing.user.profile_picture_url).split('/').pop()!,
    sessions,
    webm,
    webmHead: webm.subarray(0, 4096),
    mp4: await makeTestRecording('mp4'),
    maxRecordingBytes: MAX_RECORDING_BYTES,
  };
}

/**
 * Writes the request as generated and resolves with the answer. Undefined when the request may go unanswered: it gave
 * up on its own body, or the server answered early and closed while a large body was still being written, which
 * resets the connection (the status of such answers is still checked where they are sent: `serverErrors`).
 */
function send(port: number, request: FuzzRequest): Promise<Answer | undefined> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (value: Answer | undefined, error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(value);
    };
    const timer = setTimeout(
      () => {
        call.destroy();
        if (request.truncated) settle(undefined);
        else settle(undefined, new Error(`no answer within ${ANSWER_TIMEOUT_MS} ms`));
      },
      request.truncated ? TRUNCATED_WAIT_MS : ANSWER_TIMEOUT_MS,
    );
    const call = http.request(
      { host: '127.0.0.1', port, method: request.method, path: request.path, headers: request.headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          settle({
            status: response.statusCode ?? 0,
            contentType: String(response.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', (error) => settle(undefined, error));
      },
    );
    const resetWhileSending = (error: NodeJS.ErrnoException) =>
      ['ECONNRESET', 'EPIPE'].includes(error.code ?? '') && (request.body?.length ?? 0) > 65_536;
    call.on('error', (error: NodeJS.ErrnoException) => settle(undefined, resetWhileSending(error) ? undefined : error));
    const body = request.body ?? Buffer.alloc(0);
    if (request.chunked) {
      const middle = body.length >> 1;
      call.write(body.subarray(0, middle));
      call.end(body.subarray(middle));
    } else if (request.truncated) call.write(body);
    else call.end(body);
  });
}

/** Undefined when the answer is acceptable; else what is wrong with it. */
function checkAnswer(request: FuzzRequest, answer: Answer): string | undefined {
  if (answer.status >= 500) return `answered ${answer.status}: ${answer.text.slice(0, 200)}`;
  if (answer.status < 400) return undefined;
  if (!/^application\/json/.test(answer.contentType))
    return `error ${answer.status} is not JSON (${answer.contentType}): ${answer.text.slice(0, 200)}`;
  if (request.method === 'HEAD') return undefined;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return `error ${answer.status} body is not JSON: ${answer.text.slice(0, 200)}`;
  }
  const { error, code, ...rest } = body as Record<string, unknown>;
  if (
    typeof error !== 'string' ||
    !error ||
    typeof code !== 'string' ||
    !/^[a-z_]+$/.test(code) ||
    Object.keys(rest).length
  ) {
    return `error ${answer.status} is not {error, code}: ${answer.text.slice(0, 200)}`;
  }
  return undefined;
}

function summary(request: FuzzRequest): string {
  const path = request.path.length > 120 ? `${request.path.slice(0, 120)}…` : request.path;
  return `${request.method} ${path} [${request.label}] ${request.body?.length ?? 0} bytes${request.chunked ? ' chunked' : ''}${request.truncated ? ' truncated' : ''}`;
}
