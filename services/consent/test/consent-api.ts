import { toE164 } from '@app/contracts';
import {
  generateRecipientToken,
  hashRecipientToken,
  NEW_PARTNER_CREDENTIAL_HEADER,
  PARTNER_CREDENTIALS_HEADER,
} from '@app/session-views';
import { type KeyRing, ringWithScopeKey } from '@app/storage';
import { consentDevTexts, type DevTextsReader, latestPhoneCode } from '@app/testing';
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import request, { Response } from 'supertest';
import type { ConsentTestApp } from './consent-test-app';

/** Calls, fixtures and probes shared by the consent service's API tests. */

export const CLIENT = { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (Partner Phone)' };
export const PARTNER = { name: 'Jordan Lee', phone: '+1 555 987 6543' };
export const SESSION_NOT_FOUND = {
  error: 'This consent session is invalid or has expired.',
  code: 'session_not_found',
};
export const CREDENTIAL_REFUSED = { error: 'Missing or invalid service credential', code: 'service_credential' };
export const PARTNER_IS_MEMBER = {
  error: "This phone is signed in as the session's member. Your partner answers on their own phone.",
  code: 'partner_is_member',
};
export const PARTNER_PHONE_REQUIRED = {
  error: 'This consent session is answered on the phone that confirmed the code.',
  code: 'partner_phone_required',
};

/** A request as the gateway makes it: with the service credential and the client's address and browser. */
export function call(consent: ConsentTestApp, method: 'get' | 'post' | 'patch', path: string) {
  return request(consent.baseUrl)
    [method](path)
    .set('X-Internal-Token', consent.internalToken)
    .set('X-Client-Ip', CLIENT.ip)
    .set('X-Client-User-Agent', CLIENT.userAgent);
}

export interface CreatedSession {
  id: string;
  qrCodeId: string;
  recipientToken: string;
  initiatorUserId: string;
  body: Record<string, unknown>;
  /** The credential of the browser that proved the partner's phone (`partnerHeaders`); null before the proof. */
  partnerCredential: string | null;
}

/**
 * What the partner's browser sends (the gateway passes both on): the link's token, and once their phone is proved
 * the credential it was given, which alone acts for the partner from then on.
 */
export function partnerHeaders(
  session: Pick<CreatedSession, 'id' | 'recipientToken' | 'partnerCredential'>,
): Record<string, string> {
  const token = { 'X-Recipient-Token': session.recipientToken };
  return session.partnerCredential
    ? { ...token, [PARTNER_CREDENTIALS_HEADER]: `${session.id}=${session.partnerCredential}` }
    : token;
}

/**
 * A new session as the gateway creates it; by default its partner's phone (PARTNER.phone) is then marked proved in
 * the database, as the texted code would (phone-verification.spec.ts tests that path through the API), so tests of
 * recording are not about codes; `verifyPhone: false` leaves the proof to the test. Likewise the partner's Yes to both
 * safety questions, required before recording (safety-check.spec.ts tests it through the API): `answerSafety: false`
 * leaves them to the test.
 */
export async function createSession(
  consent: ConsentTestApp,
  initiatorUserId: string = randomUUID(),
  body: Record<string, unknown> = {
    initiatorFullName: 'Alex Doe',
    initiatorPictureUrl: '/api/media/profile-pictures/a.webp',
    deleteAfterDays: 90,
  },
  { verifyPhone = true, answerSafety = true }: { verifyPhone?: boolean; answerSafety?: boolean } = {},
): Promise<CreatedSession> {
  const response = await call(consent, 'post', '/sessions').set('X-Actor-User-Id', initiatorUserId).send(body);
  if (response.status !== 201)
    throw new Error(`create session failed: ${response.status} ${JSON.stringify(response.body)}`);
  const { id, qrCodeId, recipientToken } = response.body;
  const session: CreatedSession = {
    id,
    qrCodeId,
    recipientToken,
    initiatorUserId,
    body: response.body,
    partnerCredential: null,
  };
  if (verifyPhone) session.partnerCredential = await markPhoneVerified(consent, id);
  if (answerSafety) await markSafetyAnswered(consent, id);
  return session;
}

/** The state the partner's Yes to both safety questions leaves (safety-check.spec.ts tests the answer through the API). */
export async function markSafetyAnswered(consent: ConsentTestApp, sessionId: string): Promise<void> {
  await consent.dataSource.query(`UPDATE consent.consent_sessions SET safety_answered_at = now() WHERE id = $1`, [
    sessionId,
  ]);
}

/**
 * The state the texted code's proof leaves (phone-verification.spec.ts tests the proof itself through the API): the
 * number proved and the partner's credential given, which it answers.
 */
export async function markPhoneVerified(
  consent: ConsentTestApp,
  sessionId: string,
  phone: string = PARTNER.phone,
): Promise<string> {
  const credential = generateRecipientToken();
  await consent.dataSource.query(
    `UPDATE consent.consent_sessions SET recipient_phone = $2, phone_verified_at = now(), partner_credential_hash = $3 WHERE id = $1`,
    [sessionId, toE164(phone), hashRecipientToken(credential)],
  );
  return credential;
}

export function sendPhoneCode(
  consent: ConsentTestApp,
  session: CreatedSession,
  recipientPhone: string = PARTNER.phone,
): request.Test {
  return call(consent, 'post', `/sessions/${session.id}/phone-verification`)
    .set(partnerHeaders(session))
    .send({ recipientPhone });
}

export function confirmPhoneCode(consent: ConsentTestApp, session: CreatedSession, code: string): request.Test {
  return call(consent, 'post', `/sessions/${session.id}/phone-verification/confirm`)
    .set(partnerHeaders(session))
    .send({ code });
}

/** The texts the service's `log` provider handed over, newest first (`/dev/texts`): what the phones received. */
export function devTexts(consent: ConsentTestApp): DevTextsReader {
  return consentDevTexts(consent.baseUrl, consent.internalToken);
}

/** The partner's phone proof: a code texted to `phone`, read as the phone received it, typed back; the session keeps the credential given. */
export async function verifyPartnerPhone(
  consent: ConsentTestApp,
  session: CreatedSession,
  phone: string = PARTNER.phone,
): Promise<void> {
  const sent = await sendPhoneCode(consent, session, phone);
  if (sent.status !== 200) throw new Error(`phone code not sent: ${sent.status} ${JSON.stringify(sent.body)}`);
  const confirmed = await confirmPhoneCode(consent, session, await latestPhoneCode(devTexts(consent), session.id));
  if (confirmed.status !== 200)
    throw new Error(`phone code not accepted: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  session.partnerCredential = confirmed.headers[NEW_PARTNER_CREDENTIAL_HEADER] ?? session.partnerCredential;
}

export function registerAsset(
  consent: ConsentTestApp,
  session: CreatedSession,
  fileSize: number,
  mimeType = 'video/webm',
): request.Test {
  return call(consent, 'post', '/video-assets').set(partnerHeaders(session)).send({
    sessionId: session.id,
    filename: 'consent.webm',
    mimeType,
    fileSize,
    storageKey: 'ignored',
    isEncrypted: true,
  });
}

export async function newAsset(
  consent: ConsentTestApp,
  session: CreatedSession,
  fileSize = 10_000,
  mimeType = 'video/webm',
): Promise<string> {
  const response = await registerAsset(consent, session, fileSize, mimeType);
  if (response.status !== 201)
    throw new Error(`create asset failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.id;
}

export function upload(
  consent: ConsentTestApp,
  session: CreatedSession,
  assetId: string,
  bytes: Buffer,
  contentType = 'video/webm',
  headers = partnerHeaders(session),
): request.Test {
  return call(consent, 'post', '/uploads')
    .set(headers)
    .field('sessionId', session.id)
    .field('videoAssetId', assetId)
    .attach('video', bytes, { filename: 'consent.webm', contentType });
}

/** Announces and uploads a recording as the partner's phone does; returns the asset id. */
export async function storedRecording(
  consent: ConsentTestApp,
  session: CreatedSession,
  bytes: Buffer,
): Promise<string> {
  const assetId = await newAsset(consent, session, bytes.length);
  const response = await upload(consent, session, assetId, bytes);
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${JSON.stringify(response.body)}`);
  return assetId;
}

export function decisionFields(session: CreatedSession, videoAssetId?: string): Record<string, string> {
  return {
    sessionId: session.id,
    decision: 'yes',
    recipient_full_name: PARTNER.name,
    recipient_phone: PARTNER.phone,
    is_over_18: 'true',
    ...(videoAssetId ? { videoAssetId } : {}),
  };
}

/** POST /process-video with the given fields (in order), then the file part when given. */
export function processVideo(
  consent: ConsentTestApp,
  session: CreatedSession,
  fields: Record<string, string>,
  video?: Buffer,
  headers = partnerHeaders(session),
): request.Test {
  const test = call(consent, 'post', '/process-video').set(headers);
  for (const [name, value] of Object.entries(fields)) test.field(name, value);
  if (video) test.attach('video', video, { filename: 'consent.webm', contentType: 'video/webm' });
  return test;
}

export function expectAnswer(response: Response, status: number, body: unknown): void {
  expect({ status: response.status, body: response.body }).toEqual({ status, body });
}

export async function sessionRow(consent: ConsentTestApp, id: string): Promise<Record<string, unknown>> {
  return (await consent.dataSource.query(`SELECT * FROM consent.consent_sessions WHERE id = $1`, [id]))[0];
}

export async function assetRow(consent: ConsentTestApp, id: string): Promise<Record<string, unknown>> {
  return (await consent.dataSource.query(`SELECT * FROM consent.video_assets WHERE id = $1`, [id]))[0];
}

export async function auditRows(
  consent: ConsentTestApp,
  sessionId: string,
): Promise<{ event: string; details: Record<string, unknown>; ip: string | null; user_agent: string | null }[]> {
  return consent.dataSource.query(
    `SELECT event, details, ip, user_agent FROM consent.audit_log WHERE session_id = $1 ORDER BY seq`,
    [sessionId],
  );
}

/** Every file under a directory tree, temporary ones included; [] when there is none. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** Polls until `check` holds or the time is up (the service cleans up after an abort asynchronously). */
export async function eventually(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** The ring that reads a session's recordings: the service's KEKs with the session's own key (crypto-shredding). */
export async function sessionKeyRing(consent: ConsentTestApp, sessionId: string): Promise<KeyRing> {
  const [row] = await consent.dataSource.query(`SELECT wrapped_key FROM consent.recording_keys WHERE session_id = $1`, [
    sessionId,
  ]);
  if (!row) throw new Error(`session ${sessionId} has no recording key`);
  return ringWithScopeKey(consent.keyRing, sessionId, row.wrapped_key, false);
}
