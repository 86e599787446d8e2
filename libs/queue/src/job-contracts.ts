import { SUBSCRIPTION_STATUSES } from '@app/contracts';
import { z } from 'zod';
import { JobName, JOBS, QueueName, QUEUES } from './queue-names';

/**
 * What changed in a session, for its push: the job id is `<sessionId>.<change>`, so each is pushed once; a change that
 * can happen once per analysis attempt (`retake_requested`: the partner may record again) has the attempt appended.
 * `submitted`: the partner's first recording went for analysis (a retake changes nothing the member sees).
 */
export const SESSION_CHANGES = [
  'verdict',
  'analysis_failed',
  'text_sent',
  'retake_requested',
  'withdrawn',
  'submitted',
] as const;
export type SessionChange = (typeof SESSION_CHANGES)[number];

/** The processes that put jobs on queues or take them off. */
export const SERVICES = ['gateway', 'consent', 'billing', 'media-worker'] as const;
export type ServiceName = (typeof SERVICES)[number];

/** How a job is retried: BullMQ waits `delay` ms before the second attempt (doubling it each time when exponential). */
type Backoff = { type: 'exponential' | 'fixed'; delay: number };

/**
 * How many of a queue's jobs one process handles at once: `default`, unless the service's config variable `setting`
 * says otherwise (its config schema takes its default from here).
 */
type Concurrency = { default: number; setting?: string };

/** A row of the table; a job is either added by its producers under its job id, or scheduled under one scheduler id. */
export type JobContract = {
  queue: QueueName;
  producers: readonly ServiceName[];
  consumer: ServiceName;
  /** The payload as it is added now. */
  schema: z.ZodObject;
  /** The version before, which may still wait in Redis from before a deploy: still handled, never added. */
  formerSchema?: z.ZodObject;
  attempts: number;
  backoff: Backoff;
  /** Completed jobs kept, when not the default (a day, at most 1,000). */
  removeOnComplete?: { count: number };
  concurrency: Concurrency;
} & ({ jobId: (key: never) => string } | { scheduler: string });

const analyzeRecordingV1 = z.object({ version: z.literal(1), sessionId: z.uuid(), videoAssetId: z.uuid() }).strict();
const analyzeRecording = analyzeRecordingV1.extend({ version: z.literal(2), attempt: z.int().positive() }).strict();

const analyzeHeldRecording = analyzeRecordingV1;

const pushSessionUpdateV1 = z
  .object({
    version: z.literal(1),
    sessionId: z.uuid(),
    /** The member's room; the partner's room is the session's. */
    initiatorUserId: z.uuid(),
    change: z.enum(SESSION_CHANGES),
  })
  .strict();
/** `attempt`: only for a change that can happen once per analysis attempt (`retake_requested`); it names its job. */
const pushSessionUpdate = pushSessionUpdateV1
  .extend({ version: z.literal(2), attempt: z.int().positive().optional() })
  .strict();

const applySubscriptionChange = z
  .object({
    version: z.literal(1),
    userId: z.uuid(),
    subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
    accountDeletionDate: z.iso.datetime().nullable(),
    /** The provider's time of the change: an older change never overwrites a newer one. */
    changedAt: z.iso.datetime(),
  })
  .strict();

/**
 * Every job: its queue, which services may add it, the one service that handles it, its payload schema (versioned),
 * its job id, how it is retried, and how many a consumer handles at once. Payloads carry ids only: never names, phone
 * numbers or media bytes, because Redis is not where personal data is kept. The job id is made from the payload, so
 * adding a job again (a replay, a requeue pass after a restart) is a no-op while BullMQ holds it. A queue's jobs are
 * all handled by one service, as a BullMQ worker takes whatever job comes next on its queue, and its worker's
 * concurrency is the one its jobs' rows agree on.
 */
export const JOB_CONTRACTS = {
  [JOBS.analyzeRecording]: {
    queue: QUEUES.mediaAnalysis,
    producers: ['consent'],
    consumer: 'media-worker',
    schema: analyzeRecording,
    formerSchema: analyzeRecordingV1,
    /** Each analysis attempt of a session is a job of its own: a retake is a new job, not the completed one BullMQ holds. */
    jobId: ({ sessionId, attempt }: Pick<z.infer<typeof analyzeRecording>, 'sessionId' | 'attempt'>) =>
      `${sessionId}.${attempt}`,
    /** 2 s, 4 s ... 128 s apart (about four minutes): a restart of the consent service or Postgres must not fail a recording. */
    attempts: 8,
    backoff: { type: 'exponential', delay: 2000 },
    /** Each decode uses about a core. */
    concurrency: { default: 1, setting: 'MEDIA_CONCURRENCY' },
  },
  [JOBS.analyzeHeldRecording]: {
    queue: QUEUES.mediaAnalysis,
    producers: ['consent'],
    consumer: 'media-worker',
    schema: analyzeHeldRecording,
    /** One per take: a new take is a new job. */
    jobId: ({ sessionId, videoAssetId }: Pick<z.infer<typeof analyzeHeldRecording>, 'sessionId' | 'videoAssetId'>) =>
      `${sessionId}.held.${videoAssetId}`,
    /** As an answered take's: the partner may press Yes while it runs, and then its report is the attempt's. */
    attempts: 8,
    backoff: { type: 'exponential', delay: 2000 },
    concurrency: { default: 1, setting: 'MEDIA_CONCURRENCY' },
  },
  [JOBS.pushSessionUpdate]: {
    queue: QUEUES.sessionUpdates,
    producers: ['consent'],
    consumer: 'gateway',
    schema: pushSessionUpdate,
    formerSchema: pushSessionUpdateV1,
    /** Each change of a session is pushed once; a retake's offer once per attempt. */
    jobId: ({
      sessionId,
      change,
      attempt,
    }: Pick<z.infer<typeof pushSessionUpdate>, 'sessionId' | 'change' | 'attempt'>) =>
      attempt === undefined ? `${sessionId}.${change}` : `${sessionId}.${change}.${attempt}`,
    /** Each second for a minute: the gateway reads the session from the consent service, which may be restarting. */
    attempts: 60,
    backoff: { type: 'fixed', delay: 1000 },
    concurrency: { default: 4 },
  },
  [JOBS.sendTextMessage]: {
    queue: QUEUES.textMessages,
    producers: ['consent'],
    consumer: 'consent',
    schema: z.object({ version: z.literal(1), messageId: z.uuid() }).strict(),
    /** The outbox row's id. */
    jobId: ({ messageId }: { messageId: string }) => messageId,
    /** The first and four retries, 2 s, 4 s, 8 s and 16 s apart. */
    attempts: 5,
    backoff: { type: 'exponential', delay: 2000 },
    concurrency: { default: 2, setting: 'TEXT_MESSAGE_CONCURRENCY' },
  },
  [JOBS.processBillingEvent]: {
    queue: QUEUES.billingEvents,
    producers: ['billing'],
    consumer: 'billing',
    /** The billing service's row of the stored (verified) event; the event's content stays in Postgres. */
    schema: z.object({ version: z.literal(1), eventId: z.uuid() }).strict(),
    /** The stored event's row id. */
    jobId: ({ eventId }: { eventId: string }) => eventId,
    attempts: 5,
    backoff: { type: 'exponential', delay: 2000 },
    concurrency: { default: 4, setting: 'BILLING_EVENT_CONCURRENCY' },
  },
  [JOBS.applySubscriptionChange]: {
    queue: QUEUES.accountUpdates,
    producers: ['billing'],
    consumer: 'gateway',
    schema: applySubscriptionChange,
    /** Each state of a member's subscription is published once, however often billing learns of it. */
    jobId: ({ userId, changedAt }: Pick<z.infer<typeof applySubscriptionChange>, 'userId' | 'changedAt'>) =>
      `${userId}.${Date.parse(changedAt)}`,
    attempts: 5,
    backoff: { type: 'exponential', delay: 2000 },
    concurrency: { default: 4 },
  },
  [JOBS.deleteDueAccounts]: {
    queue: QUEUES.accountDeletion,
    producers: ['gateway'],
    consumer: 'gateway',
    /** A repeatable job (a BullMQ job scheduler): each run finds the due accounts itself, so it carries no ids at all. */
    schema: z.object({ version: z.literal(1) }).strict(),
    /** One schedule per deployment, however many gateway instances upsert it. */
    scheduler: 'delete-due-accounts',
    attempts: 3,
    backoff: { type: 'exponential', delay: 10_000 },
    /** A run every interval: the last 100 runs. */
    removeOnComplete: { count: 100 },
    /** One run at a time per instance. */
    concurrency: { default: 1 },
  },
} as const satisfies Record<JobName, JobContract>;

type Contracts = typeof JOB_CONTRACTS;

/** The jobs producers add one by one under a job id, and the jobs a scheduler adds. */
export type AddedJob = { [N in JobName]: Contracts[N] extends { jobId: unknown } ? N : never }[JobName];
export type ScheduledJob = { [N in JobName]: Contracts[N] extends { scheduler: string } ? N : never }[JobName];

/** What a job's id is made of: the payload, or the part of it the id names (to find a job again). */
export type JobIdKey<N extends AddedJob> = Parameters<Contracts[N]['jobId']>[0];

/** A config variable that sets a worker's concurrency. */
export type ConcurrencySetting = {
  [N in JobName]: Contracts[N]['concurrency'] extends { setting: infer S extends string } ? S : never;
}[JobName];

/** A payload as it is added now. */
export type NewJobPayload<N extends JobName> = z.infer<Contracts[N]['schema']>;

/** A payload as its handler may get it: the version added now, or the one before it still waiting from before. */
export type JobPayload<N extends JobName> =
  NewJobPayload<N> | (Contracts[N] extends { formerSchema: infer F extends z.ZodType } ? z.infer<F> : never);

export class JobContractError extends Error {}

/** Validates a payload to be added: only the version added now. */
export function parseNewJobPayload<N extends JobName>(name: N, data: unknown): NewJobPayload<N> {
  return parse(name, contractOf(name).schema, data) as NewJobPayload<N>;
}

/** Validates a payload taken off its queue: the version added now, or the one before. */
export function parseJobPayload<N extends JobName>(name: N, data: unknown): JobPayload<N> {
  const contract: JobContract = contractOf(name);
  const former = contract.formerSchema?.safeParse(data);
  // Refused, it is the version added now that the error speaks of.
  return (former?.success ? former.data : parse(name, contract.schema, data)) as JobPayload<N>;
}

/** A job's id, from its payload (or the part of it the id names). */
export function jobIdOf<N extends AddedJob>(name: N, key: JobIdKey<N>): string {
  return (JOB_CONTRACTS[name].jobId as (key: JobIdKey<N>) => string)(key);
}

/**
 * The concurrency of a queue's worker: its jobs' rows must agree, as one worker takes them all. `settings` is the
 * service's config; a setting it has overrides the default.
 */
export function queueConcurrency(queue: QueueName, settings: Partial<Record<ConcurrencySetting, number>>): number {
  const rows = (Object.keys(JOB_CONTRACTS) as JobName[])
    .filter((name) => JOB_CONTRACTS[name].queue === queue)
    .map((name) => JOB_CONTRACTS[name]);
  const concurrency: Concurrency | undefined = rows[0]?.concurrency;
  if (!concurrency || rows.some((row) => JSON.stringify(row.concurrency) !== JSON.stringify(concurrency))) {
    throw new JobContractError(`The jobs of ${queue} do not agree on one concurrency`);
  }
  return (concurrency.setting ? settings[concurrency.setting as ConcurrencySetting] : undefined) ?? concurrency.default;
}

function contractOf(name: JobName): JobContract {
  const contract: JobContract | undefined = JOB_CONTRACTS[name];
  if (!contract) throw new JobContractError(`Unknown job: ${String(name)}`);
  return contract;
}

function parse(name: JobName, schema: z.ZodType, data: unknown): unknown {
  const result = schema.safeParse(data);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new JobContractError(`Invalid ${name} payload: ${issue.path.join('.') || 'payload'}: ${issue.message}`);
  }
  return result.data;
}
