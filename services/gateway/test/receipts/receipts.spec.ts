import {
  type ConsentSession,
  consentSessionSchema,
  LIVE_UPDATES,
  receiptSchema,
  signedCertificateSchema,
} from '@app/contracts';
import {
  binaryBody,
  consentDevTexts,
  distinctRecording,
  makeTestRecording,
  testRedisPrefix,
  textedReceiptLink,
} from '@app/testing';
import { io, type Socket } from 'socket.io-client';
import { expectAnswer } from '../../../consent/test/consent-api';
import {
  api,
  type ConsentStack,
  createSession,
  grantedByAnalysis,
  memberOf,
  partnerHeaders,
  startConsentStack,
} from '../consent/consent-stack';

/**
 * The partner's receipt through the gateway, in front of the real consent service: the secret in X-Receipt-Secret is
 * the only way in, the recording streams through, and a withdrawal reaches the member's open socket.
 */

const RECEIPT_NOT_FOUND = { error: 'This receipt link is invalid.', code: 'receipt_not_found' };

let stack: ConsentStack;
let recording: Buffer;
const sockets: Socket[] = [];

beforeAll(async () => {
  const prefix = testRedisPrefix();
  stack = await startConsentStack(
    { REDIS_PREFIX: prefix },
    { REDIS_PREFIX: prefix, REGISTRATIONS_PER_IP_PER_HOUR: '100' },
  );
  recording = await makeTestRecording('webm');
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(async () => {
  await stack?.close();
});

async function until<T>(read: () => Promise<T | undefined> | T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A member's session granted by the analysis; the partner's receipt link as their phone received it. */
async function grantedSession() {
  const member = await memberOf(stack);
  const session = await createSession(stack, member);
  // Each session's own bytes: the same recording is refused in a second session.
  const video = distinctRecording(recording);
  await grantedByAnalysis(stack, session, video);
  const { receiptId, secret } = await textedReceiptLink(
    consentDevTexts(stack.consent.baseUrl, stack.consent.internalToken),
    session.id,
  );
  return { member, session, video, receiptId, secret };
}

function memberSocket(token: string): Promise<{ received: ConsentSession[] }> {
  const socket = io(`http://127.0.0.1:${stack.gatewayPort}`, {
    path: LIVE_UPDATES.path,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token },
    extraHeaders: { origin: new URL(stack.gateway.config.PUBLIC_URL).origin },
  });
  sockets.push(socket);
  const received: ConsentSession[] = [];
  socket.on(LIVE_UPDATES.sessionUpdated, (session: ConsentSession) => received.push(session));
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve({ received }));
    socket.once('connect_error', reject);
  });
}

describe("the partner's receipt through the gateway", () => {
  it('answers the receipt and streams the recording to the secret only; the member gets the same 404 as a stranger', async () => {
    const { member, video, receiptId, secret } = await grantedSession();
    const receipt = receiptSchema
      .strict()
      .parse((await api(stack).get(`/api/receipts/${receiptId}`).set('X-Receipt-Secret', secret).expect(200)).body);
    expect(receipt).toMatchObject({
      transcript: 'my name is jordan and i consent',
      verdict: { outcome: 'granted' },
      withdrawable: true,
    });

    const played = await api(stack)
      .get(`/api/receipts/${receiptId}/recording`)
      .set('X-Receipt-Secret', secret)
      .buffer(true)
      .parse(binaryBody)
      .expect(200);
    expect(played.headers['content-type']).toBe('video/webm');
    expect(Buffer.compare(played.body as Buffer, video)).toBe(0);

    const bearer = `Bearer ${member.token}`;
    for (const refused of [
      api(stack).get(`/api/receipts/${receiptId}`),
      api(stack).get(`/api/receipts/${receiptId}`).set('X-Receipt-Secret', 'wrong'),
      api(stack).get(`/api/receipts/${receiptId}`).set('X-Receipt-Secret', `${secret}\u00e9`),
      api(stack).get('/api/receipts/..%2Fsessions').set('X-Receipt-Secret', secret),
      api(stack).get(`/api/receipts/${receiptId}`).set('Authorization', bearer),
      api(stack).get(`/api/receipts/${receiptId}/recording`).set('Authorization', bearer),
      api(stack).post(`/api/receipts/${receiptId}/withdraw`).set('Authorization', bearer),
      api(stack).post(`/api/receipts/${receiptId}/delete-recording`).set('Authorization', bearer),
    ]) {
      expectAnswer(await refused, 404, RECEIPT_NOT_FOUND);
    }
  });

  it("relays the session's certificate to the secret only, the same as the member's, as JSON and PDF", async () => {
    const { member, session, receiptId, secret } = await grantedSession();
    const theirs = await api(stack)
      .get(`/api/receipts/${receiptId}/certificate`)
      .set('X-Receipt-Secret', secret)
      .expect(200);
    expect(theirs.headers['content-disposition']).toMatch(/^attachment; filename="consentiq-certificate\.json"$/);
    const members = await api(stack)
      .get(`/api/consent/sessions/${session.id}/certificate`)
      .set('Authorization', `Bearer ${member.token}`)
      .expect(200);
    const { issuedAt: _theirs, ...receiptFields } = signedCertificateSchema.parse(theirs.body).certificate;
    const { issuedAt: _members, ...memberFields } = signedCertificateSchema.parse(members.body).certificate;
    expect(receiptFields).toEqual(memberFields);
    const verified = await api(stack).post('/api/verify/certificate').send(theirs.body).expect(200);
    expect(verified.body).toMatchObject({ signatureValid: true, matchesRecord: true });

    const pdf = await api(stack)
      .get(`/api/receipts/${receiptId}/certificate.pdf`)
      .set('X-Receipt-Secret', secret)
      .buffer(true)
      .parse(binaryBody)
      .expect(200);
    expect(pdf.headers['content-type']).toMatch(/^application\/pdf/);
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');

    for (const path of [`/api/receipts/${receiptId}/certificate`, `/api/receipts/${receiptId}/certificate.pdf`]) {
      expectAnswer(await api(stack).get(path).set('X-Receipt-Secret', 'A'.repeat(43)), 404, RECEIPT_NOT_FOUND);
      expectAnswer(
        await api(stack)
          .get(path.replace(receiptId, '00000000-0000-4000-8000-000000000000'))
          .set('X-Receipt-Secret', secret),
        404,
        RECEIPT_NOT_FOUND,
      );
      expectAnswer(await api(stack).get(path).set('Authorization', `Bearer ${member.token}`), 404, RECEIPT_NOT_FOUND);
    }
  });

  it("withdraws: the member's open socket hears it at once, the member's own calls cannot touch it, a second one changes nothing", async () => {
    const { member, session, receiptId, secret } = await grantedSession();
    const bearer = `Bearer ${member.token}`;
    const { received } = await memberSocket(member.token);

    // The member cannot withdraw through the partner's link route either (nor undo anything: there is no such call).
    const byMember = await api(stack).post(`/api/consent/sessions/${session.id}/withdraw`).set('Authorization', bearer);
    expect({ status: byMember.status, code: byMember.body.code }).toEqual({ status: 404, code: 'session_not_found' });

    const withdrawn = receiptSchema.parse(
      (await api(stack).post(`/api/receipts/${receiptId}/withdraw`).set('X-Receipt-Secret', secret).expect(200)).body,
    );
    expect(withdrawn.withdrawnAt).not.toBeNull();

    const pushed = await until(() =>
      received.find((update) => update.id === session.id && update.withdrawnAt !== null),
    );
    expect(consentSessionSchema.parse(pushed)).toMatchObject({ withdrawnAt: withdrawn.withdrawnAt, check: null });
    const polled = await api(stack).get(`/api/consent/sessions/${session.id}`).set('Authorization', bearer).expect(200);
    expect(polled.body.withdrawnAt).toBe(withdrawn.withdrawnAt);

    const byLink = await api(stack)
      .post(`/api/consent/sessions/${session.id}/withdraw`)
      .set(partnerHeaders(session))
      .expect(200);
    expect(byLink.body.withdrawnAt).toBe(withdrawn.withdrawnAt);
    const texts = (await stack.consent.dataSource.query(
      `SELECT recipient, purpose FROM consent.text_messages WHERE session_id = $1 AND purpose = 'withdrawal'`,
      [session.id],
    )) as unknown[];
    expect(texts).toEqual([{ recipient: 'member', purpose: 'withdrawal' }]);
    const audited = (await stack.consent.dataSource.query(
      `SELECT count(*)::int AS n FROM consent.audit_log WHERE session_id = $1 AND event = 'consent_withdrawn'`,
      [session.id],
    )) as { n: number }[];
    expect(audited[0].n).toBe(1);
  });
});
