import { z } from 'zod';
import { JUDGEMENT_OUTCOMES } from './analysis.contract';
import { AI_VERDICTS, CONSENT_STATUSES } from './consent-sessions.contract';

/**
 * The support lookup of one consent session: the consent service's internal `GET /support/sessions/:id` (gateway
 * credential only) and the gateway's `GET /api/admin/sessions/:id` (support and admin staff), which adds each job's
 * state. Nothing personal: no names, no phone number but its last two digits, no transcript, no recording or its
 * storage key, no link token, no client address or browser.
 */

/** Who caused an audit row: the member who created the session, the partner holding the link, or the service itself. */
export const SUPPORT_ACTOR_KINDS = ['member', 'partner', 'system'] as const;
export type SupportActorKind = (typeof SUPPORT_ACTOR_KINDS)[number];

const detailValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const supportAuditEntrySchema = z.object({
  seq: z.number().int(),
  event: z.string(),
  at: z.iso.datetime(),
  actor: z.enum(SUPPORT_ACTOR_KINDS),
  /** Only the details known to be free of personal data. */
  details: z.record(z.string(), detailValue),
});
export type SupportAuditEntry = z.infer<typeof supportAuditEntrySchema>;

/** Whether the session's audit chain recomputes from its rows up to the head kept on the session row. */
export const supportAuditChainSchema = z.object({
  verified: z.boolean(),
  length: z.number().int(),
  /** The first row that does not check out; null when verified. */
  brokenAtSeq: z.number().int().nullable(),
  reason: z.string().nullable(),
});
export type SupportAuditChain = z.infer<typeof supportAuditChainSchema>;

export const supportSessionFieldsSchema = z.object({
  id: z.uuid(),
  qrCodeId: z.string(),
  /** The member's user id (by value; the name, picture and phone are not given). */
  initiatorUserId: z.uuid(),
  consentStatus: z.enum(CONSENT_STATUSES),
  aiVerdict: z.enum(AI_VERDICTS).nullable(),
  recipientDecision: z.enum(['yes', 'no']).nullable(),
  verifiedOver18: z.boolean(),
  videoAssetId: z.uuid().nullable(),
  deleteAfterDays: z.number().int(),
  expired: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  consentGrantedTime: z.iso.datetime().nullable(),
  verificationTextSentAt: z.iso.datetime().nullable(),
  /** When the partner proved their phone with a texted code (the number itself is not given). */
  phoneVerifiedAt: z.iso.datetime().nullable(),
});
export type SupportSessionFields = z.infer<typeof supportSessionFieldsSchema>;

/** The verdict without what was heard: the transcript is never shown to support. */
export const supportVerdictSchema = z.object({
  outcome: z.enum([...JUDGEMENT_OUTCOMES, 'failed']),
  reasons: z.array(z.string()),
  recogniser: z.string().nullable(),
  timingsMs: z.record(z.string(), z.number()),
  videoAssetId: z.uuid().nullable(),
  /** Whether, and when, the partner's phone had been proved when the verdict was reached. */
  phoneVerifiedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type SupportVerdict = z.infer<typeof supportVerdictSchema>;

/** One outbox row, without its body; the phone masked to its last two digits. */
export const supportTextMessageSchema = z.object({
  id: z.uuid(),
  recipient: z.enum(['partner', 'member']),
  /** verdict, withdrawal, or phone_code (the partner's proof; its body, the code, is never shown). */
  purpose: z.enum(['verdict', 'withdrawal', 'phone_code']),
  phone: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number().int(),
  provider: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
});
export type SupportTextMessage = z.infer<typeof supportTextMessageSchema>;

/** A BullMQ job the session caused: its queue, job name and job id (libs/queue's names). */
export const supportJobRefSchema = z.object({ queue: z.string(), name: z.string(), id: z.string() });
export type SupportJobRef = z.infer<typeof supportJobRefSchema>;

/** Consent service, internal `GET /support/sessions/:id`. */
export const supportSessionRecordSchema = z.object({
  session: supportSessionFieldsSchema,
  timeline: z.array(supportAuditEntrySchema),
  chain: supportAuditChainSchema,
  verdict: supportVerdictSchema.nullable(),
  textMessages: z.array(supportTextMessageSchema),
  jobs: z.array(supportJobRefSchema),
});
export type SupportSessionRecord = z.infer<typeof supportSessionRecordSchema>;

/**
 * BullMQ's states, `removed` for a job no longer in Redis (completed jobs are kept a day, failed ones a week) and
 * `unknown` when the state could not be read.
 */
export const SUPPORT_JOB_STATES = [
  'waiting',
  'prioritized',
  'waiting-children',
  'delayed',
  'active',
  'completed',
  'failed',
  'removed',
  'unknown',
] as const;
export type SupportJobState = (typeof SUPPORT_JOB_STATES)[number];

export const supportJobSchema = supportJobRefSchema.extend({ state: z.enum(SUPPORT_JOB_STATES) });
export type SupportJob = z.infer<typeof supportJobSchema>;

/** Gateway, `GET /api/admin/sessions/:id`: the consent service's record with each job's state. */
export const supportSessionLookupSchema = supportSessionRecordSchema.extend({ jobs: z.array(supportJobSchema) });
export type SupportSessionLookup = z.infer<typeof supportSessionLookupSchema>;
