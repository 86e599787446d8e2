import { z } from 'zod';
import { SUBSCRIPTION_STATUSES } from '@app/contracts';
import { JOBS, JobName, QUEUES, QueueName } from './queue-names';

/**
 * What changed in a session, for its push: the job id is `<sessionId>.<change>`, so each is pushed once; a change that
 * can happen once per analysis attempt (`retake_requested`: the partner may record again) has the attempt appended.
 * `submitted`: the partner's first recording went for analysis (a retake changes nothing the member sees).
 */
export const SESSION_CHANGES = ['verdict', 'analysis_failed', 'text_sent', 'retake_requested', 'withdrawn', 'submitted'] as const;
export type SessionChange = (typeof SESSION_CHANGES)[number];

/** The processes that put jobs on queues or take them off. */
export const SERVICES = ['gateway', 'consent', 'billing', 'media-worker'] as const;
export type ServiceName = (typeof SERVICES)[number];

/**
 * Every job: its queue, which services may add it, the one service that handles it, and its payload schema, versioned.
 * Payloads carry ids only: never names, phone numbers or media bytes, because Redis is not where personal data is
 * kept. A queue's jobs are all handled by one service, as a BullMQ worker takes whatever job comes next on its queue.
 */
export const JOB_CONTRACTS = {
  [JOBS.analyzeRecording]: {
    queue: QUEUES.mediaAnalysis,
    producers: ['consent'],
    consumer: 'media-worker',
    schema: z
      .object({
        version: z.literal(1),
        sessionId: z.uuid(),
        videoAssetId: z.uuid(),
      })
      .strict(),
  },
  [JOBS.pushSessionUpdate]: {
    queue: QUEUES.sessionUpdates,
    producers: ['consent'],
    consumer: 'gateway',
    schema: z
      .object({
        version: z.literal(1),
        sessionId: z.uuid(),
        /** The member's room; the partner's room is the session's. */
        initiatorUserId: z.uuid(),
        change: z.enum(SESSION_CHANGES),
      })
      .strict(),
  },
  [JOBS.sendTextMessage]: {
    queue: QUEUES.textMessages,
    producers: ['consent'],
    consumer: 'consent',
    schema: z.object({ version: z.literal(1), messageId: z.uuid() }).strict(),
  },
  [JOBS.processBillingEvent]: {
    queue: QUEUES.billingEvents,
    producers: ['billing'],
    consumer: 'billing',
    /** The billing service's row of the stored (verified) event; the event's content stays in Postgres. */
    schema: z.object({ version: z.literal(1), eventId: z.uuid() }).strict(),
  },
  [JOBS.applySubscriptionChange]: {
    queue: QUEUES.accountUpdates,
    producers: ['billing'],
    consumer: 'gateway',
    schema: z
      .object({
        version: z.literal(1),
        userId: z.uuid(),
        subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
        accountDeletionDate: z.iso.datetime().nullable(),
        /** The provider's time of the change: an older change never overwrites a newer one. */
        changedAt: z.iso.datetime(),
      })
      .strict(),
  },
  [JOBS.deleteDueAccounts]: {
    queue: QUEUES.accountDeletion,
    producers: ['gateway'],
    consumer: 'gateway',
    /** A repeatable job (a BullMQ job scheduler): each run finds the due accounts itself, so it carries no ids at all. */
    schema: z.object({ version: z.literal(1) }).strict(),
  },
} as const satisfies Record<JobName, { queue: QueueName; producers: readonly ServiceName[]; consumer: ServiceName; schema: z.ZodType }>;

export type JobPayload<N extends JobName> = z.infer<(typeof JOB_CONTRACTS)[N]['schema']>;

export class JobContractError extends Error {}

/** Validates a payload against its contract; used both when a job is added and when it is consumed. */
export function parseJobPayload<N extends JobName>(name: N, data: unknown): JobPayload<N> {
  const contract = JOB_CONTRACTS[name];
  if (!contract) throw new JobContractError(`Unknown job: ${String(name)}`);
  const result = contract.schema.safeParse(data);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new JobContractError(`Invalid ${name} payload: ${issue.path.join('.') || 'payload'}: ${issue.message}`);
  }
  return result.data as JobPayload<N>;
}
