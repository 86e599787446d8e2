import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { IDENTITY_SCHEMA } from '../database/identity-schema';

/**
 * One staff read or change: who (the staff member's user id), what they did (`action`, e.g. `view_session`) and to
 * what (`target`, ids only, e.g. `session:<uuid>`). Never names, phone numbers or anything else personal.
 */
export interface SupportAccess {
  actorUserId: string;
  action: string;
  target: string;
}

/** The queries of the append-only `identity.support_access_log`: every staff read of members' data, and every change, with its time. */
@Injectable()
export class SupportAccessLogRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Writes the entries in one statement: all of them or none. */
  async record(...entries: SupportAccess[]): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO ${IDENTITY_SCHEMA}.support_access_log (actor_user_id, action, target)
       SELECT * FROM unnest($1::uuid[], $2::varchar[], $3::varchar[])`,
      [
        entries.map((entry) => entry.actorUserId),
        entries.map((entry) => entry.action),
        entries.map((entry) => entry.target),
      ],
    );
  }
}
