/** Runs one SQL query on the consent database (a DataSource's `query`, the e2e server's `sql`, a pg client's). */
export type ConsentQuery = (sql: string, parameters: unknown[]) => Promise<unknown[]>;

const CODE = /\b(\d{6})\b/;

/**
 * The latest phone code texted for a session, read from the consent service's outbox as a phone would receive it
 * (the code itself is stored only hashed). The row is written in the same commit that answers the send.
 */
export async function latestPhoneCode(query: ConsentQuery, sessionId: string): Promise<string> {
  const rows = (await query(
    `SELECT body FROM consent.text_messages WHERE session_id = $1 AND purpose = 'phone_code' ORDER BY created_at DESC LIMIT 1`,
    [sessionId],
  )) as { body: string }[];
  const code = rows[0]?.body.match(CODE)?.[1];
  if (!code) throw new Error(`no phone code was texted for session ${sessionId}`);
  return code;
}
