import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ConsentSession } from '../session-records/consent-session.entity';

/** The member's sessions, newest first, a page at a time. */
@Injectable()
export class HistoryRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Up to `limit` sessions of the member, newest first (ties by id), older than the session `before` when given. The
   * cursor is a session id rather than a time: Postgres keeps microseconds that a JavaScript date would round off.
   */
  page(userId: string, before: string | null, limit: number): Promise<ConsentSession[]> {
    const query = this.dataSource
      .createQueryBuilder(ConsentSession, 'session')
      .where('session.initiatorUserId = :userId', { userId })
      .orderBy('session.createdAt', 'DESC')
      .addOrderBy('session.id', 'DESC')
      .limit(limit);
    if (before) {
      const table = this.dataSource.getMetadata(ConsentSession).tablePath;
      query.andWhere(
        `(session.created_at, session.id) < (SELECT cursor.created_at, cursor.id FROM ${table} cursor WHERE cursor.id = :before)`,
        { before },
      );
    }
    return query.getMany();
  }

  /** Whether `id` is one of the member's sessions: a cursor names one. */
  isOwnSession(userId: string, id: string): Promise<boolean> {
    return this.dataSource.getRepository(ConsentSession).existsBy({ id, initiatorUserId: userId });
  }
}
