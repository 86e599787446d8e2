import { type PreparedStatement, queryPrepared, type Transaction } from '@app/database';
import { Injectable } from '@nestjs/common';
import { DataSource, IsNull, LessThanOrEqual, Not } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { SessionViewMarks } from '../session-views/session-view-marks';
import { ConsentSession } from './consent-session.entity';

/** The head of a session's audit chain, kept on its row: the last entry's seq and hash. */
export interface AuditHead {
  seq: number;
  hash: string;
}

interface AuditHeadRow {
  audit_seq: number;
  audit_head: string;
}

/** The queries of `consent_sessions`, and the one rule that serialises changes to a session: its row lock. */
@Injectable()
export class ConsentSessionsRepository {
  private byId?: PreparedStatement;

  constructor(
    private readonly dataSource: DataSource,
    private readonly viewMarks: SessionViewMarks,
  ) {}

  /**
   * A session as committed now (no lock, and no cache: a verdict is seen as soon as it is stored), for the read every
   * open screen polls every 2 s: one prepared statement, without the query builder or entity hydration.
   */
  async findById(id: string): Promise<ConsentSession | null> {
    this.byId ??= {
      name: 'consent.session-by-id',
      text: `SELECT ${this.allColumns()} FROM ${this.table()} WHERE id = $1`,
    };
    const [row] = await queryPrepared<Partial<ConsentSession>>(this.dataSource, this.byId, [id]);
    return row ? Object.assign(new ConsentSession(), row) : null;
  }

  /**
   * A session with its recipient token's and partner credential's hashes (for the access rule). Inside a transaction the row is locked until
   * commit, so the checks the caller makes on it still hold when it writes.
   */
  find(where: { id: string } | { qrCodeId: string }, transaction?: Transaction): Promise<ConsentSession | null> {
    const query = (transaction ?? this.dataSource.manager)
      .createQueryBuilder(ConsentSession, 'session')
      .addSelect('session.recipientTokenHash')
      .addSelect('session.partnerCredentialHash')
      .where(where);
    if (transaction) query.setLock('pessimistic_write');
    return query.getOne();
  }

  /** The row as it now stands in the transaction, after the caller's changes. */
  get(transaction: Transaction, id: string): Promise<ConsentSession> {
    return transaction.findOneByOrFail(ConsentSession, { id });
  }

  /**
   * Locks the session row until the transaction ends and answers its audit head (null: no such session). Whatever
   * changes a session or its chain takes this lock first, so concurrent changes to one session run one after another.
   */
  async lock(transaction: Transaction, id: string): Promise<AuditHead | null> {
    const [row] = (await transaction.query(
      `SELECT audit_seq, audit_head FROM ${this.table()} WHERE id = $1 FOR UPDATE`,
      [id],
    )) as AuditHeadRow[];
    return row ? { seq: row.audit_seq, hash: row.audit_head } : null;
  }

  /** The audit head as committed (or as the transaction's snapshot sees it), without a lock: verification only reads. */
  async auditHead(id: string, transaction?: Transaction): Promise<AuditHead | null> {
    const [row] = (await (transaction ?? this.dataSource).query(
      `SELECT audit_seq, audit_head FROM ${this.table()} WHERE id = $1`,
      [id],
    )) as AuditHeadRow[];
    return row ? { seq: row.audit_seq, hash: row.audit_head } : null;
  }

  /** Whether the browser that proved the partner's phone was given the credential that alone answered from then on. */
  async partnerCredentialGiven(transaction: Transaction, id: string): Promise<boolean> {
    const [row] = (await transaction.query(
      `SELECT partner_credential_hash IS NOT NULL AS given FROM ${this.table()} WHERE id = $1`,
      [id],
    )) as { given: boolean }[];
    return row?.given ?? false;
  }

  async setAuditHead(transaction: Transaction, id: string, head: AuditHead): Promise<void> {
    await transaction.query(`UPDATE ${this.table()} SET audit_seq = $2, audit_head = $3 WHERE id = $1`, [
      id,
      head.seq,
      head.hash,
    ]);
  }

  async insert(transaction: Transaction, fields: Partial<ConsentSession>): Promise<string> {
    const { id } = await transaction.save(transaction.create(ConsentSession, fields));
    return id;
  }

  /** Every change of a session's row goes through here or `deleteWithEverything`: both hide it from the read model first. */
  async update(transaction: Transaction, id: string, changes: QueryDeepPartialEntity<ConsentSession>): Promise<void> {
    await this.viewMarks.touch(transaction, [id]);
    await transaction.update(ConsentSession, { id }, changes);
  }

  /** The ids of the sessions a member initiated, without a lock. */
  async idsOfInitiator(transaction: Transaction, userId: string): Promise<string[]> {
    const rows = (await transaction.query(`SELECT id FROM ${this.table()} WHERE initiator_user_id = $1`, [userId])) as {
      id: string;
    }[];
    return rows.map((row) => row.id);
  }

  /**
   * Locks every session a member initiated (in id order, so two deletions of one member wait for each other instead
   * of deadlocking) and answers their ids. Whatever changes a session takes its row lock first, so nothing is added
   * to these sessions until the transaction ends.
   */
  async lockOfInitiator(transaction: Transaction, userId: string): Promise<string[]> {
    const rows = (await transaction.query(
      `SELECT id FROM ${this.table()} WHERE initiator_user_id = $1 ORDER BY id FOR UPDATE`,
      [userId],
    )) as { id: string }[];
    return rows.map((row) => row.id);
  }

  /** Locks these sessions in id order, like `lockOfInitiator`, and answers the ids of those that still exist. */
  async lockOf(transaction: Transaction, ids: string[]): Promise<string[]> {
    if (!ids.length) return [];
    const rows = (await transaction.query(
      `SELECT id FROM ${this.table()} WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
      [ids],
    )) as { id: string }[];
    return rows.map((row) => row.id);
  }

  /** What the retention schedule reads of the sessions these members initiated, without a lock. */
  async retentionOfInitiators(
    userIds: string[],
  ): Promise<{ id: string; initiatorUserId: string; deleteAfterDays: number }[]> {
    return (await this.dataSource.query(
      `SELECT id, initiator_user_id AS "initiatorUserId", delete_after_days AS "deleteAfterDays" FROM ${this.table()} WHERE initiator_user_id = ANY($1::uuid[])`,
      [userIds],
    )) as { id: string; initiatorUserId: string; deleteAfterDays: number }[];
  }

  /**
   * Deletes sessions with everything that hangs off them: their video assets, verdicts and texts (foreign keys
   * `ON DELETE CASCADE`) and their audit chains (the same cascade, which the append-only trigger lets through only
   * for rows whose session row is gone). Answers the sessions deleted.
   */
  async deleteWithEverything(
    transaction: Transaction,
    ids: string[],
  ): Promise<{ id: string; initiatorUserId: string }[]> {
    if (!ids.length) return [];
    await this.viewMarks.touch(transaction, ids);
    const deleted = (await transaction.query(
      `DELETE FROM ${this.table()} WHERE id = ANY($1::uuid[]) RETURNING id, initiator_user_id AS "initiatorUserId"`,
      [ids],
    )) as unknown[];
    // TypeORM answers a DELETE ... RETURNING as [rows, count].
    return (Array.isArray(deleted[0]) ? deleted[0] : deleted) as { id: string; initiatorUserId: string }[];
  }

  /** Sessions whose latest recording was submitted for analysis and has no outcome yet (not those awaiting a retake). */
  async waitingForAnalysis(): Promise<{ id: string; videoAssetId: string; attempt: number }[]> {
    const waiting = await this.dataSource.getRepository(ConsentSession).find({
      select: { id: true, videoAssetId: true, attempts: true },
      where: { aiVerdict: 'processing', videoAssetId: Not(IsNull()), retakeUntil: IsNull() },
    });
    return waiting.map(({ id, videoAssetId, attempts }) => ({ id, videoAssetId: videoAssetId!, attempt: attempts }));
  }

  /** The ids of (at most `limit`) sessions whose retake window had passed at `now`, without a lock. */
  async retakeLapsedAt(now: Date, limit: number): Promise<string[]> {
    const lapsed = await this.dataSource.getRepository(ConsentSession).find({
      select: { id: true },
      where: { aiVerdict: 'processing', retakeUntil: LessThanOrEqual(now) },
      order: { retakeUntil: 'ASC' },
      take: limit,
    });
    return lapsed.map(({ id }) => id);
  }

  /** Every column of the entity (the token's hash too) under its property name, so a row is the entity as it is. */
  private allColumns(): string {
    return this.dataSource
      .getMetadata(ConsentSession)
      .columns.map((column) => `"${column.databaseName}" AS "${column.propertyName}"`)
      .join(', ');
  }

  /** `consent.consent_sessions`, from the entity and the data source's schema, for the columns the entity leaves out. */
  private table(): string {
    return this.dataSource.getMetadata(ConsentSession).tablePath;
  }
}
