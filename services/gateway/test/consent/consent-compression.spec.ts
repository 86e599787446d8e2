import { makeTestRecording } from '@app/testing';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { registerOk } from '../api-helpers';
import { getRaw } from '../raw-http';
import {
  ConsentStack,
  createSession,
  Member,
  memberOf,
  PARTNER,
  startConsentStack,
  submitDecision,
  uploadRecording,
} from './consent-stack';

/** The longest name registration allows, in letters of two bytes each: the session answer then passes 1 KB. */
const LONG_NAME = 'Zoë Ågård-Ünlü '.repeat(14).slice(0, 200).trim();

describe('API answers relayed from the consent service: compressed only when large', () => {
  let stack: ConsentStack;
  beforeAll(async () => {
    stack = await startConsentStack();
  });
  afterAll(() => stack.close());

  const getSession = (id: string, token: string, acceptEncoding?: string) =>
    getRaw(stack.gatewayPort, `/api/consent/sessions/${id}`, {
      Authorization: `Bearer ${token}`,
      ...(acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {}),
    });

  it('sends the polled session (under 1 KB) as it is, with its length, to a client accepting brotli', async () => {
    const member = await memberOf(stack);
    const session = await createSession(stack, member);

    const response = await getSession(session.id, member.token, 'gzip, deflate, br');

    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(Number(response.headers['content-length'])).toBe(response.body.length);
    expect(response.body.length).toBeLessThan(1024);
    expect(JSON.parse(response.body.toString())).toMatchObject({ id: session.id });
  });

  /** A member whose sessions answer more than 1 KB. */
  async function longNamedMember(): Promise<Member> {
    const { user, token } = await registerOk(stack.gateway, { fullName: LONG_NAME });
    await stack.gateway.dataSource.query(
      `UPDATE identity.users SET subscription_status = 'active', phone_verified_at = now() WHERE id = $1`,
      [user.id],
    );
    return { id: String(user.id), token };
  }

  it('compresses a session answer over 1 KB with brotli or gzip, whichever the client accepts, with Vary', async () => {
    const member = await longNamedMember();
    const session = await createSession(stack, member);

    const plain = await getSession(session.id, member.token);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(JSON.parse(plain.body.toString())).toMatchObject({ id: session.id, initiatorFullName: LONG_NAME });

    const brotli = await getSession(session.id, member.token, 'gzip, deflate, br');
    expect(brotli.headers).toMatchObject({
      'content-encoding': 'br',
      'content-type': expect.stringMatching(/^application\/json/),
    });
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotli.body.length).toBeLessThan(plain.body.length);
    expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);

    const gzip = await getSession(session.id, member.token, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
  });

  it("still streams the partner's upload through, and answers the submission compressed", async () => {
    const session = await createSession(stack, await longNamedMember());
    const assetId = await uploadRecording(stack, session, await makeTestRecording('webm'));

    const answered = await submitDecision(stack, session, assetId).set('Accept-Encoding', 'br');

    expect(answered.status).toBe(202);
    expect(answered.headers['content-encoding']).toBe('br');
    expect(answered.body).toMatchObject({ id: session.id, aiVerdict: 'processing', recipientFullName: PARTNER.name });
  });
});
