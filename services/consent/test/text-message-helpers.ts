import { toE164 } from '@app/contracts';
import { UnitOfWork } from '@app/database';
import { testRedisUrl } from '@app/testing';
import Redis from 'ioredis';
import { ConsentSessionsRepository } from '../src/session-records/consent-sessions.repository';
import { TextDispatch } from '../src/text-messages/text-dispatch';
import { VerdictTexts } from '../src/verdicts/verdict-texts';
import { CreatedSession, createSession, PARTNER } from './consent-api';
import type { ConsentTestApp } from './consent-test-app';

/** Fixtures and probes of the text-message tests. */

export const MEMBER_PHONE = '+15552468013';

/** A session created through the app's own route, as the gateway creates it (with the member's phone, by default). */
export function sessionWithPhone(
  consent: ConsentTestApp,
  initiatorPhone: string | null = MEMBER_PHONE,
  options?: { verifyPhone?: boolean },
): Promise<CreatedSession> {
  return createSession(
    consent,
    undefined,
    { initiatorFullName: 'Alex Doe', initiatorPictureUrl: null, deleteAfterDays: 90, initiatorPhone },
    options,
  );
}

/**
 * Stores a verdict the way the verdict path does (under the session's row lock, in one transaction that also calls
 * VerdictTexts.prepare), the partner's phone proved, then dispatches the texts after commit unless told not to. Answers prepare's ids.
 */
export async function storeVerdict(
  consent: ConsentTestApp,
  sessionId: string,
  {
    verdict = 'granted',
    partnerPhone = PARTNER.phone,
    dispatch = true,
  }: { verdict?: 'granted' | 'denied'; partnerPhone?: string | null; dispatch?: boolean } = {},
): Promise<string[]> {
  const sessions = consent.app.get(ConsentSessionsRepository);
  const texts = consent.app.get(VerdictTexts);
  const ids = await consent.app.get(UnitOfWork).run(async (transaction) => {
    await sessions.lock(transaction, sessionId);
    await sessions.update(transaction, sessionId, {
      recipientFullName: PARTNER.name,
      // The partner's number as proving it stores it (a verdict's text goes only to a proved number).
      recipientPhone: partnerPhone && toE164(partnerPhone),
      phoneVerifiedAt: partnerPhone ? new Date() : null,
      recipientDecision: verdict === 'granted' ? 'yes' : 'no',
      verifiedOver18: true,
      aiVerdict: verdict,
      consentStatus: verdict,
      consentGrantedTime: verdict === 'granted' ? new Date() : null,
    });
    return texts.prepare(transaction, await sessions.get(transaction, sessionId));
  });
  if (dispatch) await consent.app.get(TextDispatch).dispatch(ids);
  return ids;
}

export interface TextRow {
  id: string;
  session_id: string;
  recipient: 'partner' | 'member';
  purpose: string;
  phone: string;
  body: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  provider: string | null;
  provider_message_id: string | null;
  last_error: string | null;
  sent_at: Date | null;
}

export async function textRows(consent: ConsentTestApp, sessionId: string): Promise<TextRow[]> {
  return consent.dataSource.query(`SELECT * FROM consent.text_messages WHERE session_id = $1 ORDER BY recipient`, [
    sessionId,
  ]);
}

/** Polls the session's texts until `done` holds for them, or fails with what they were. */
export async function textsWhen(
  consent: ConsentTestApp,
  sessionId: string,
  done: (rows: TextRow[]) => boolean,
  ms = 15_000,
): Promise<TextRow[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const rows = await textRows(consent, sessionId);
    if (done(rows)) return rows;
    if (Date.now() > deadline)
      throw new Error(
        `texts never got there: ${JSON.stringify(rows.map(({ recipient, status, attempts, last_error }) => ({ recipient, status, attempts, last_error })))}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const allSent = (count: number) => (rows: TextRow[]) =>
  rows.length === count && rows.every((row) => row.status === 'sent');

/** The phone as written and as its digits alone: neither may appear where personal data must not be. */
export function phoneForms(phone: string): string[] {
  return [phone, phone.replace(/\D/g, '')];
}

/** Everything stored under a Redis prefix (job payloads, options, failure reasons, events), as one text. */
export async function redisContents(prefix: string): Promise<string> {
  const redis = new Redis(testRedisUrl());
  const parts: string[] = [];
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      for (const key of keys) {
        const type = await redis.type(key);
        if (type === 'string') parts.push(String(await redis.get(key)));
        else if (type === 'hash') parts.push(JSON.stringify(await redis.hgetall(key)));
        else if (type === 'list') parts.push(...(await redis.lrange(key, 0, -1)));
        else if (type === 'set') parts.push(...(await redis.smembers(key)));
        else if (type === 'zset') parts.push(...(await redis.zrange(key, 0, -1)));
        else if (type === 'stream') parts.push(JSON.stringify(await redis.xrange(key, '-', '+')));
        parts.push(key);
      }
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
  return parts.join('\n');
}
