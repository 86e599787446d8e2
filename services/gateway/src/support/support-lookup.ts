import type { SupportSessionLookup } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import type { StaffMember } from '../admin/staff-access';
import { SupportAccessLogRepository } from '../admin/support-access-log.repository';
import { JobStates } from './job-states';
import { SupportRecordReader } from './support-record-reader';

/** The access log's name for this read; the target is `session:<id>`. */
export const VIEW_SESSION = 'view_session';

/** A staff member looks a session up: the read is logged first, then the record is read and its jobs' states added. */
@Injectable()
export class SupportLookup {
  constructor(
    private readonly accessLog: SupportAccessLogRepository,
    private readonly records: SupportRecordReader,
    private readonly jobStates: JobStates,
  ) {}

  /** Logged before anything is read, so even a lookup that fails half way is on record. */
  async session(staff: StaffMember, sessionId: string): Promise<SupportSessionLookup> {
    await this.accessLog.record({ actorUserId: staff.userId, action: VIEW_SESSION, target: `session:${sessionId}` });
    const record = await this.records.read(sessionId);
    return { ...record, jobs: await this.jobStates.of(record.jobs) };
  }
}
