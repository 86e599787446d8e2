// What the benchmark polls: members registered through the API, activated by SQL as the payment provider will
// (as e2e does), each starting a few consent sessions; and the partner's phone proof a recording needs first.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { importTypeScript } from './typescript.mjs';

const { latestPhoneCode } = await importTypeScript('../../../libs/testing/src/phone-codes.ts', import.meta.url);

/** A valid 1x1 PNG: registration requires a picture. */
const PICTURE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

async function call(url, init) {
  const response = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  const body = await response.json();
  if (!response.ok) throw new Error(`${init.method} ${new URL(url).pathname}: ${response.status} ${body.error}`);
  return body;
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
      await db.query(`UPDATE identity.users SET subscription_status = 'active' WHERE id = $1`, [user.id]);
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
 * The partner's phone proved through the public API, as the partner's page does before recording: a code texted to
 * `phone` (POST /api/consent/sessions/{id}/phone-verification), read from the consent service's outbox as the phone
 * would receive it, and typed back (.../confirm). `phone` must be the `recipient_phone` the decision later names; one
 * number proved for many sessions needs the stack's PHONE_CODES_PER_NUMBER_PER_DAY raised (startStack does).
 */
export async function verifyPartnerPhone(stack, session, phone) {
  const partner = { 'X-Recipient-Token': session.recipientToken };
  const path = `${stack.gatewayUrl}/api/consent/sessions/${session.id}/phone-verification`;
  await call(path, { method: 'POST', headers: partner, body: JSON.stringify({ recipientPhone: phone }) });
  const code = await latestPhoneCode(stack.sql, session.id);
  await call(`${path}/confirm`, { method: 'POST', headers: partner, body: JSON.stringify({ code }) });
}
