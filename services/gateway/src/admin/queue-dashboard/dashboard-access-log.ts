import { RedisConnection } from '@app/redis';
import { Injectable } from '@nestjs/common';
import type { StaffMember } from '../staff-access';
import { SupportAccessLogRepository } from '../support-access-log.repository';
import type { DashboardRead, JobChange } from './dashboard-rules';

/** The board polls its API every few seconds while open: a read counts once a minute, which is what an audit needs. */
const READ_WINDOW_SECONDS = 60;

/**
 * Writes the board's reads and changes to the support access log. Each read is written once per staff member, action
 * and target a minute (a Redis key held for the minute, shared by every gateway instance); each change always.
 */
@Injectable()
export class DashboardAccessLog {
  constructor(
    private readonly log: SupportAccessLogRepository,
    private readonly redis: RedisConnection,
  ) {}

  async recordRead(staff: StaffMember, { action, target }: DashboardRead): Promise<void> {
    const window = `admin-read:${staff.userId}:${action}:${target}`;
    if ((await this.redis.client.set(window, '1', 'EX', READ_WINDOW_SECONDS, 'NX')) !== 'OK') return;
    try {
      await this.log.record({ actorUserId: staff.userId, action, target });
    } catch (error) {
      // Not written: the next read of the minute must try again.
      await this.redis.client.del(window);
      throw error;
    }
  }

  /** One row per target (the job, and whose it is), written together. */
  recordChange(staff: StaffMember, { action }: JobChange, targets: string[]): Promise<void> {
    return this.log.record(...targets.map((target) => ({ actorUserId: staff.userId, action, target })));
  }
}
