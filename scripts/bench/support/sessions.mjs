// What the benchmark polls: members registered through the API, activated by SQL as the payment provider will
// (as e2e does), each starting a few consent sessions; and what a recording needs first from the partner: their
// phone proved, then their Yes to the safety questions.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { importTypeScript } from './typescript.mjs';

const { consentDevTexts, latestPhoneCode } = await importTypeScript(
  '../../../libs/testing/src/dev-texts.ts',
  import.meta.url,
);
const { partnerCookie } = await importTypeScript('../../../libs/testing/src/partner-credential.ts', import.meta.url);

/** A valid 1x1 PNG: registration requires a picture. */
const PICTURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** A JSON call that must succeed: its body, and the cookies it set. */
async function answer(url, init) {
  const response = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  const body = await response.json();
  if (!response.ok) throw new Error(`${init.method} ${new URL(url).pathname}: ${response.status} ${body.error}`);
  return { body, setCookies: response.headers.getSetCookie() };
}

async function call(url, init) {
  return (await answer(url, init)).body;
}

/** `members` members with `perMember` sessions each: [{id, memberToken, recipientToken}]. */
export async function createSessions(stack, members, perMember) {
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    const sessions = [];
    for (let m = 0; m < members; m += 1) {
      const { user, token } = await call(`${stack.gatewayUrl}/api/auth/register`, {
        method: 'POST',
        body: JSON.stringify({
          username: `bench-${m}-${randomBytes(3).toString('hex')}@example.invalid`,
          password: randomBytes(12).toString('base64url'),
          fullName: `Bench Member ${m}`,
          phoneNumber: '+1 555 010 0000',
          profilePicture: PICTURE,
        }),
      });
      await db.query(
        `UPDATE identity.users SET subscription_status = 'active', phone_verified_at = now() WHERE id = $1`,
        [user.id],
      );
      for (let s = 0; s < perMember; s += 1) sessions.push(await createSession(stack, token));
    }
    return sessions;
  } finally {
    await db.end();
  }
}

/** A session started by the member signed in with `token`, through the API: {id, memberToken, recipientToken}. */
export async function createSession(stack, token) {
  const session = await call(`${stack.gatewayUrl}/api/consent/sessions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: JSON.stringify({ deleteAfterDays: 30 }),
  });
  return { id: session.id, memberToken: token, recipientToken: session.recipientToken };
}

/**
 * What the partner's phone sends: the link's token, and once `verifyPartnerPhone` proved the phone the credential
 * cookie it was given, without which no partner call is taken from then on.
 */
export function partnerHeaders(session) {
  const token = { 'X-Recipient-Token': session.recipientToken };
  return session.partnerCookie ? { ...token, Cookie: session.partnerCookie } : token;
}

/**
 * The partner's phone proved through the public API, as the partner's page does first: a code texted to `phone`
 * (POST /api/consent/sessions/{id}/phone-verification), read from the consent service's development outbox as the
 * phone would receive it, and typed back (.../confirm). The session keeps the credential cookie the confirmation set
 * (`partnerCookie`, sent by `partnerHeaders`). `phone` must be the `recipient_phone` the decision later names; one
 * number proved for many sessions needs the stack's PHONE_CODES_PER_NUMBER_PER_DAY raised (startStack does).
 */
export async function verifyPartnerPhone(stack, session, phone) {
  const path = `${stack.gatewayUrl}/api/consent/sessions/${session.id}/phone-verification`;
  await call(path, {
    method: 'POST',
    headers: partnerHeaders(session),
    body: JSON.stringify({ recipientPhone: phone }),
  });
  const code = await latestPhoneCode(consentDevTexts(stack.consentUrl, stack.internalToken), session.id);
  const { setCookies } = await answer(`${path}/confirm`, {
    method: 'POST',
    headers: partnerHeaders(session),
    body: JSON.stringify({ code }),
  });
  session.partnerCookie = partnerCookie(setCookies, session.id);
}

/** The partner's Yes to both safety questions (POST .../safety-check), asked after the phone and needed to record. */
export async function answerSafetyQuestions(stack, session) {
  const path = `${stack.gatewayUrl}/api/consent/sessions/${session.id}/safety-check`;
  await call(path, {
    method: 'POST',
    headers: partnerHeaders(session),
    body: JSON.stringify({ freeToSayNo: true, clearHeaded: true }),
  });
}
