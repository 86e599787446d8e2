import { API_ERRORS } from '@app/contracts';
import { ApiException } from '@app/http';
import { isQueueName, JobQueues } from '@app/queue';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { Role } from '../../users/staff-roles';
import { StaffAccess, type StaffMember, type StaffRequest } from '../staff-access';
import { boardErrorsAsApiErrors } from './board-errors';
import { boardRouteMatcher, boardRouteOf } from './board-routes';
import { DashboardAccessLog } from './dashboard-access-log';
import {
  changeTargets,
  isRead,
  type JobChange,
  jobChangeOf,
  mayChangeJobs,
  readAccessOf,
  rolesAllowedFor,
} from './dashboard-rules';

/** Where the gateway serves the board (the UI builds its links from it). */
export const QUEUE_DASHBOARD_PATH = '/admin/queues';

/**
 * Bull Board over every queue of `QUEUES`, for staff: support reads, admin may also retry and remove one job at a time
 * (`jobChangeOf`; any other change is refused with 403 `job_change_refused`). Each request is admitted by `StaffAccess`
 * (401 signed out, 403 for a member, and for support on anything but GET/HEAD) and logged by `DashboardAccessLog`
 * before the board sees it. Support is then handed a board whose queues are read-only, so it shows no buttons that
 * would be refused (and would refuse them itself); admin gets the full board, whose add, duplicate and edit buttons
 * are answered with that 403: Bull Board can hide them only together with retry and remove (`readOnlyMode`).
 */
@Injectable()
export class QueueDashboard {
  /** Mounted at QUEUE_DASHBOARD_PATH by `createGatewayApp`, ahead of the web app's files. */
  readonly app: Express;
  private boards?: { full: Express; readOnly: Express };

  constructor(
    private readonly queues: JobQueues,
    private readonly access: StaffAccess,
    private readonly accessLog: DashboardAccessLog,
  ) {
    this.app = express()
      .disable('x-powered-by')
      .use(boardRouteMatcher())
      .use((request: Request, response: Response, next: NextFunction) => this.admit(request, response, next))
      .use(boardErrorsAsApiErrors())
      .use((request: Request, response: Response, next: NextFunction) =>
        this.boardFor((request as StaffRequest).staff.role)(request, response, next),
      );
  }

  /** Built for the first staff member admitted, so a gateway whose board nobody opens holds no queue connection for it. */
  private boardFor(role: Role): Express {
    this.boards ??= {
      full: board(this.queues.all(), { readOnlyMode: false }),
      readOnly: board(this.queues.all(), { readOnlyMode: true }),
    };
    return mayChangeJobs(role) ? this.boards.full : this.boards.readOnly;
  }

  private async admit(request: Request, response: Response, next: NextFunction): Promise<void> {
    // Jobs are operational data: no cache keeps the board's answers.
    response.setHeader('Cache-Control', 'no-store');
    try {
      const staff = await this.access.admit(request, rolesAllowedFor(request.method));
      await (isRead(request.method) ? this.logRead(staff, request) : this.logChange(staff, request));
      next();
    } catch (error) {
      next(error);
    }
  }

  private async logRead(staff: StaffMember, request: Request): Promise<void> {
    const read = readAccessOf(request.path, request.query);
    if (read) await this.accessLog.recordRead(staff, read);
  }

  /** Refuses any change but retrying or removing one job; logs that one with whose job it is, before it is made. */
  private async logChange(staff: StaffMember, request: Request): Promise<void> {
    const change = jobChangeOf(boardRouteOf(request));
    if (!change) throw new ApiException(API_ERRORS.jobChangeRefused);
    await this.accessLog.recordChange(staff, change, changeTargets(change, await this.payloadOf(change)));
  }

  /** The job's data as it is now; none for a job (or queue) that is not there, which the board then answers 404. */
  private async payloadOf({ queue, jobId }: JobChange): Promise<unknown> {
    return isQueueName(queue) ? (await this.queues.queue(queue).getJob(jobId))?.data : undefined;
  }
}

/** One Bull Board app (an Express app of its own) over `queues`, served under QUEUE_DASHBOARD_PATH. */
function board(queues: Queue[], { readOnlyMode }: { readOnlyMode: boolean }): Express {
  const serverAdapter = new ExpressAdapter().setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({
    queues: queues.map((queue) => new BullMQAdapter(queue, { readOnlyMode })),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'ConsentIQ jobs' } },
  });
  return (serverAdapter.getRouter() as Express).disable('x-powered-by');
}
