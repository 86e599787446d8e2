// What the benchmark polls: members registered through the API, activated by SQL as the payment provider will
// (as e2e does), each starting a few consent sessions.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

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
      for (let s = 0; s < perMember; s += 1) {
        const session = await call(`${stack.gatewayUrl}/api/consent/sessions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: JSON.stringify({ deleteAfterDays: 30 }),
        });
        sessions.push({ id: session.id, memberToken: token, recipientToken: session.recipientToken });
      }
    }
    return sessions;
  } finally {
    await db.end();
  }
}
