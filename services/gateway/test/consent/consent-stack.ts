import { partnerCookie } from '@app/testing';
import type { AddressInfo } from 'node:net';
import request, { type Response } from 'supertest';
import { markPhoneVerified, markSafetyAnswered } from '../../../consent/test/consent-api';
import { ConsentTestApp, startConsentTestApp } from '../../../consent/test/consent-test-app';
import { registerOk } from '../api-helpers';
import { GatewayTestApp, startGatewayTestApp } from '../gateway-test-app';

/**
 * The gateway in front of a real consent service (each on real Postgres, both on one Redis prefix), as in production:
 * the gateway reaches the consent service over HTTP with the shared service credential.
 */
export interface ConsentStack {
  gateway: GatewayTestApp;
  consent: ConsentTestApp;
  /** The gateway listening on a loopback port, for tests that need a raw socket. */
  gatewayPort: number;
  close(): Promise<void>;
}

export async function startConsentStack(
  consentOverrides: Record<string, string> = {},
  gatewayOverrides: Record<string, string> = {},
): Promise<ConsentStack> {
  const consent = await startConsentTestApp(consentOverrides);
  // One Redis prefix, as one deployment's services share: the gateway answers polls from the consent service's read model.
  const gateway = await startGatewayTestApp({
    ...gatewayOverrides,
    CONSENT_SERVICE_URL: consent.baseUrl,
    INTERNAL_SERVICE_TOKEN: consent.internalToken,
    REDIS_PREFIX: consent.config.REDIS_PREFIX,
  });
  const server = gateway.app.getHttpServer();
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return {
    gateway,
    consent,
    gatewayPort: (server.address() as AddressInfo).port,
    async close() {
      await gateway.close();
      await consent.close();
    },
  };
}

export interface Member {
  id: string;
  token: string;
}

/**
 * A registered member whose phone is marked proved, as the texted code would (member-phone.spec.ts tests the code);
 * `active` (the default) sets the subscription the way the payment provider will.
 */
export async function memberOf(stack: ConsentStack, active = true): Promise<Member> {
  const { user, token } = await registerOk(stack.gateway);
  await stack.gateway.dataSource.query(`UPDATE identity.users SET phone_verified_at = now() WHERE id = $1`, [user.id]);
  if (active)
    await stack.gateway.dataSource.query(`UPDATE identity.users SET subscription_status = 'active' WHERE id = $1`, [
      user.id,
    ]);
  return { id: String(user.id), token };
}

export interface CreatedSession {
  id: string;
  qrCodeId: string;
  recipientToken: string;
  body: Record<string, unknown>;
  /** The credential cookie the browser that proved the partner's phone holds (`partnerHeaders`); null before the proof. */
  partnerCredential: string | null;
}

/** The credential cookie a proving confirmation set (consent-partner-credential.spec.ts tests the cookie itself). */
export function credentialOf(confirmed: Response, session: Pick<CreatedSession, 'id'>): string {
  const pair = partnerCookie((confirmed.headers['set-cookie'] as unknown as string[] | undefined) ?? [], session.id);
  return pair.slice(pair.indexOf('=') + 1);
}

/** What the partner's phone sends: the link's token, and once the phone is proved the credential cookie it was given. */
export function partnerHeaders(
  session: Pick<CreatedSession, 'id' | 'recipientToken' | 'partnerCredential'>,
): Record<string, string> {
  const token = { 'X-Recipient-Token': session.recipientToken };
  return session.partnerCredential ? { ...token, Cookie: `partner-${session.id}=${session.partnerCredential}` } : token;
}

export function api(stack: ConsentStack) {
  return request(stack.gateway.app.getHttpServer());
}

/**
 * A member's new session; by default its partner's phone (PARTNER.phone) is then marked proved, as the texted code
 * would (consent-phone-verification.spec.ts tests the code through the gateway); `verifyPhone: false` leaves it. So
 * are the partner's Yes to both safety questions (consent-safety-check.spec.ts tests them); `answerSafety: false`
 * leaves them.
 */
export async function createSession(
  stack: ConsentStack,
  member: Member,
  body: Record<string, unknown> = { deleteAfterDays: 90 },
  { verifyPhone = true, answerSafety = true }: { verifyPhone?: boolean; answerSafety?: boolean } = {},
): Promise<CreatedSession> {
  const response = await api(stack)
    .post('/api/consent/sessions')
    .set('Authorization', `Bearer ${member.token}`)
    .send(body);
  if (response.status !== 201)
    throw new Error(`create session failed: ${response.status} ${JSON.stringify(response.body)}`);
  const partnerCredential = verifyPhone ? await markPhoneVerified(stack.consent, response.body.id) : null;
  if (answerSafety) await markSafetyAnswered(stack.consent, response.body.id);
  return {
    id: response.body.id,
    qrCodeId: response.body.qrCodeId,
    recipientToken: response.body.recipientToken,
    body: response.body,
    partnerCredential,
  };
}

/** What the partner's phone sends before submitting: an asset, then the recording itself. Returns the asset id. */
export async function uploadRecording(
  stack: ConsentStack,
  session: CreatedSession,
  video: Buffer,
  contentType = 'video/webm',
): Promise<string> {
  const asset = await api(stack)
    .post('/api/video/assets')
    .set(partnerHeaders(session))
    .send({
      sessionId: session.id,
      filename: 'consent.webm',
      mimeType: contentType,
      fileSize: video.length,
      storageKey: `consent-videos/${session.id}`,
      isEncrypted: true,
    });
  if (asset.status !== 201) throw new Error(`create asset failed: ${asset.status} ${JSON.stringify(asset.body)}`);
  const upload = await api(stack)
    .post('/api/upload')
    .set(partnerHeaders(session))
    .field('sessionId', session.id)
    .field('videoAssetId', asset.body.id)
    .attach('video', video, { filename: 'consent.webm', contentType });
  if (upload.status !== 201) throw new Error(`upload failed: ${upload.status} ${JSON.stringify(upload.body)}`);
  return asset.body.id;
}

export const PARTNER = { name: 'Jordan Lee', phone: '+1 555 987 6543' };

export function submitDecision(
  stack: ConsentStack,
  session: CreatedSession,
  videoAssetId: string,
  decision: 'yes' | 'no' = 'yes',
  headers = partnerHeaders(session),
) {
  return api(stack)
    .post('/api/consent/process-video')
    .set(headers)
    .field('sessionId', session.id)
    .field('decision', decision)
    .field('recipient_full_name', PARTNER.name)
    .field('recipient_phone', PARTNER.phone)
    .field('is_over_18', 'true')
    .field('videoAssetId', videoAssetId);
}

/** The partner's Yes with a recording, granted by the analysis as the media worker reports it. Returns the asset id. */
export async function grantedByAnalysis(stack: ConsentStack, session: CreatedSession, video: Buffer): Promise<string> {
  const assetId = await uploadRecording(stack, session, video);
  expect((await submitDecision(stack, session, assetId)).status).toBe(202);
  await request(stack.consent.baseUrl)
    .post(`/analysis/${session.id}/verdict`)
    .set('X-Internal-Token', stack.consent.mediaWorkerToken)
    .send({
      videoAssetId: assetId,
      outcome: 'granted',
      reasons: ['clear_consent'],
      transcript: 'my name is jordan and i consent',
      recogniser: 'test',
      timingsMs: {},
    })
    .expect(200);
  return assetId;
}
