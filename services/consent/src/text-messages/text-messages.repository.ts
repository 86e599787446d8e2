import type { Transaction } from '@app/database';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { TextMessage, type TextPurpose, type TextRecipient } from './text-message.entity';

export interface NewTextMessage {
  sessionId: string;
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
    await transaction.createQueryBuilder().insert().into(TextMessage).values(rows).orIgnore().updateEntity(false).execute();
  }

  /** The ids of a session's texts still waiting to be sent. */
  async pendingIdsOf(transaction: Transaction, sessionId: string): Promise<string[]> {
    const rows = await transaction.find(TextMessage, { select: { id: true }, where: { sessionId, status: 'pending' }, order: { recipient: 'ASC' } });
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

  /**
   * Replaces the body of the session's phone-code texts already handed over with `body`: a code once used or replaced
   * is kept nowhere in clear. One still waiting to be sent keeps its text until sent, as it must be sendable.
   */
  async replacePhoneCodeBodies(transaction: Transaction, sessionId: string, body: string): Promise<void> {
    await transaction
      .createQueryBuilder()
      .update(TextMessage)
      .set({ body })
      .where({ sessionId, purpose: 'phone_code' })
      .andWhere(`status <> 'pending'`)
      .execute();
  }

  /** The latest texts the `log` provider "sent", newest first: what a phone would have received in development. */
  latestLogged(limit: number): Promise<TextMessage[]> {
    return this.dataSource.getRepository(TextMessage).find({ where: { provider: 'log' }, order: { sentAt: 'DESC' }, take: limit });
  }

  /** The ids of every text still waiting to be sent, oldest first (for the requeue task). */
  async pendingIds(limit: number): Promise<string[]> {
    const rows = await this.dataSource.getRepository(TextMessage).find({ select: { id: true }, where: { status: 'pending' }, order: { createdAt: 'ASC' }, take: limit });
    return rows.map(({ id }) => id);
  }

  /**
   * Locks the texts of these sessions (in id order) until the transaction ends: a session's deletion takes them
   * before the session rows, in the order the sender takes them (its text, then its session), so the two never
   * deadlock.
   */
  async lockOfSessions(transaction: Transaction, sessionIds: string[]): Promise<void> {
    if (!sessionIds.length) return;
    await transaction.createQueryBuilder(TextMessage, 'message').select('message.id').where('message.sessionId IN (:...sessionIds)', { sessionIds }).orderBy('message.id').setLock('pessimistic_write').getMany();
  }

  /**
   * The row, locked until the transaction ends: whoever sends a text holds this lock from before the send until the
   * row is marked sent, so a second job for the same text waits and then finds it sent.
   */
  lockForSending(transaction: Transaction, id: string): Promise<TextMessage | null> {
    return transaction.createQueryBuilder(TextMessage, 'message').where({ id }).setLock('pessimistic_write').getOne();
  }

  async markSent(transaction: Transaction, id: string, sent: { provider: string; providerMessageId: string; sentAt: Date }): Promise<void> {
    await transaction
      .createQueryBuilder()
      .update(TextMessage)
      .set({ status: 'sent', attempts: () => 'attempts + 1', lastError: null, ...sent })
      .where({ id })
      .execute();
  }

  /**
   * Counts a failed attempt of a text still pending and says why (`error` never holds the phone); `final` (the
   * provider refused it for good, or the attempts are used up) marks it failed, which nothing sends again.
   */
  async recordFailure(id: string, failure: { error: string; final: boolean; provider: string }): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .update(TextMessage)
      .set({ attempts: () => 'attempts + 1', lastError: failure.error, provider: failure.provider, ...(failure.final ? { status: 'failed' as const } : {}) })
      .where({ id, status: 'pending' })
      .execute();
  }
}
