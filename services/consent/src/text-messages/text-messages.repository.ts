import type { Transaction } from '@app/database';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ConsentSession } from '../session-records/consent-session.entity';
import { TextMessage, type TextPurpose, type TextRecipient } from './text-message.entity';

export interface NewTextMessage {
  /** The session a text belongs to; a member's own phone code belongs to the member instead (`memberUserId`). */
  sessionId?: string;
  memberUserId?: string;
  recipient: TextRecipient;
  /** `verdict` unless given. */
  purpose?: TextPurpose;
  phone: string;
  body: string;
}

/** The queries of the `text_messages` outbox. */
@Injectable()
export class TextMessagesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Adds the rows a session does not have yet (insert ... on conflict do nothing on (session_id, recipient,
   * purpose)): a session never gets two texts per recipient and purpose, however often they are prepared.
   */
  async insertMissing(transaction: Transaction, rows: NewTextMessage[]): Promise<void> {
    if (rows.length === 0) return;
    await transaction
      .createQueryBuilder()
      .insert()
      .into(TextMessage)
      .values(rows)
      .orIgnore()
      .updateEntity(false)
      .execute();
  }

  /** The ids of a session's texts still waiting to be sent. */
  async pendingIdsOf(transaction: Transaction, sessionId: string): Promise<string[]> {
    const rows = await transaction.find(TextMessage, {
      select: { id: true },
      where: { sessionId, status: 'pending' },
      order: { recipient: 'ASC' },
    });
    return rows.map(({ id }) => id);
  }

  /** A session's texts, the partner's first. */
  ofSession(transaction: Transaction, sessionId: string): Promise<TextMessage[]> {
    return transaction.find(TextMessage, { where: { sessionId }, order: { recipient: 'DESC' } });
  }

  /** Phone-code texts written to this (normalised) number since `since`, by any session: its daily limit. */
  countPhoneCodesSince(transaction: Transaction, phone: string, since: Date): Promise<number> {
    return transaction
      .createQueryBuilder(TextMessage, 'message')
      .where({ purpose: 'phone_code', phone })
      .andWhere('message.createdAt > :since', { since })
      .getCount();
  }

  /** Phone-code texts written since `since` for one member, to their own phone or their sessions' partners: their limit per hour. */
  countMemberPhoneCodesSince(transaction: Transaction, memberId: string, since: Date): Promise<number> {
    return transaction
      .createQueryBuilder(TextMessage, 'message')
      .leftJoin(ConsentSession, 'session', 'session.id = message.sessionId')
      .where('(session.initiatorUserId = :memberId OR message.memberUserId = :memberId)', { memberId })
      .andWhere(`message.purpose = 'phone_code'`)
      .andWhere('message.createdAt > :since', { since })
      .getCount();
  }

  /**
   * Once the session's code is used or replaced: its phone-code texts get `body`, and one still waiting to be sent is
   * not sent at all (failed), since its code no longer works. Sent ones lost their code when sent (markSent).
   */
  async replacePhoneCodeBodies(transaction: Transaction, sessionId: string, body: string): Promise<void> {
    await this.withdrawPhoneCodes(transaction, body, 'The code was used or replaced before it was sent')
      .where({ sessionId, purpose: 'phone_code' })
      .execute();
  }

  /**
   * The phone-code texts still pending past their code's lifetime (written before `lapsedBefore`) are not sent any
   * more (failed, with `body` instead of the dead code). Answers how many.
   */
  async withdrawLapsedPhoneCodes(lapsedBefore: Date, body: string): Promise<number> {
    const result = await this.withdrawPhoneCodes(this.dataSource.manager, body, 'The code expired before it was sent')
      .where({ purpose: 'phone_code', status: 'pending' })
      .andWhere('created_at <= :lapsedBefore', { lapsedBefore })
      .execute();
    return result.affected ?? 0;
  }

  /** One pending text, locked by the caller, that is not to be sent any more. */
  async withdrawLapsed(transaction: Transaction, id: string, body: string): Promise<void> {
    await this.withdrawPhoneCodes(transaction, body, 'The code expired before it was sent').where({ id }).execute();
  }

  /** A member's code for their own phone: its text, written to be sent after commit. Answers its id. */
  async insertMemberPhoneCode(
    transaction: Transaction,
    memberUserId: string,
    phone: string,
    body: string,
  ): Promise<string> {
    const result = await transaction.insert(TextMessage, {
      memberUserId,
      recipient: 'member',
      purpose: 'phone_code',
      phone,
      body,
    });
    return (result.identifiers[0] as { id: string }).id;
  }

  /** Once the member's code is used or replaced, as `replacePhoneCodeBodies` does for a session's. */
  async replaceMemberPhoneCodeBodies(transaction: Transaction, memberUserId: string, body: string): Promise<void> {
    await this.withdrawPhoneCodes(transaction, body, 'The code was used or replaced before it was sent')
      .where({ memberUserId, purpose: 'phone_code' })
      .execute();
  }

  /** A member's account deletion: the texts of their own phone codes (their sessions' texts go with the sessions). */
  async deleteOfMember(transaction: Transaction, memberUserId: string): Promise<void> {
    await transaction.delete(TextMessage, { memberUserId });
  }

  /** The ids of every text still waiting to be sent, oldest first (for the requeue task). */
  async pendingIds(limit: number): Promise<string[]> {
    const rows = await this.dataSource
      .getRepository(TextMessage)
      .find({ select: { id: true }, where: { status: 'pending' }, order: { createdAt: 'ASC' }, take: limit });
    return rows.map(({ id }) => id);
  }

  /**
   * Locks the texts of these sessions (in id order) until the transaction ends: a session's deletion takes them
   * before the session rows, in the order the sender takes them (its text, then its session), so the two never
   * deadlock.
   */
  async lockOfSessions(transaction: Transaction, sessionIds: string[]): Promise<void> {
    if (!sessionIds.length) return;
    await transaction
      .createQueryBuilder(TextMessage, 'message')
      .select('message.id')
      .where('message.sessionId IN (:...sessionIds)', { sessionIds })
      .orderBy('message.id')
      .setLock('pessimistic_write')
      .getMany();
  }

  /**
   * The row, locked until the transaction ends: whoever sends a text holds this lock from before the send until the
   * row is marked sent, so a second job for the same text waits and then finds it sent.
   */
  lockForSending(transaction: Transaction, id: string): Promise<TextMessage | null> {
    return transaction.createQueryBuilder(TextMessage, 'message').where({ id }).setLock('pessimistic_write').getOne();
  }

  /** Marks the text sent, keeping `body`: the text without its secret (bodyWithoutSecrets). */
  async markSent(
    transaction: Transaction,
    id: string,
    sent: { provider: string; providerMessageId: string; sentAt: Date; body: string },
  ): Promise<void> {
    await transaction
      .createQueryBuilder()
      .update(TextMessage)
      .set({ status: 'sent', attempts: () => 'attempts + 1', lastError: null, ...sent })
      .where({ id })
      .execute();
  }

  /**
   * Counts a failed attempt of a text still pending and says why (`error` never holds the phone); `final` (the
   * provider refused it for good, or the attempts are used up) marks it failed, which nothing sends again, so it keeps
   * `keptBody` (the text without its secret) when given.
   */
  async recordFailure(
    id: string,
    failure: { error: string; final: boolean; provider: string; keptBody?: string },
  ): Promise<void> {
    const final = failure.final
      ? { status: 'failed' as const, ...(failure.keptBody === undefined ? {} : { body: failure.keptBody }) }
      : {};
    await this.dataSource
      .createQueryBuilder()
      .update(TextMessage)
      .set({ attempts: () => 'attempts + 1', lastError: failure.error, provider: failure.provider, ...final })
      .where({ id, status: 'pending' })
      .execute();
  }

  /** The update giving phone-code texts `body`, a pending one failing with `reason`; the caller adds the rows' filter. */
  private withdrawPhoneCodes(manager: Transaction, body: string, reason: string) {
    return manager
      .createQueryBuilder()
      .update(TextMessage)
      .set({
        body,
        status: () => `CASE WHEN status = 'pending' THEN 'failed' ELSE status END`,
        lastError: () => `CASE WHEN status = 'pending' THEN :reason ELSE last_error END`,
      })
      .setParameter('reason', reason);
  }
}
