import { z } from 'zod';
import { recipientNameField, recipientPhoneField } from './recordings.contract';
import { MIN_RETENTION_DAYS, RETENTION_DAYS } from './retention';
import { lineOfText } from './text';
import { DENIED_BECAUSE } from './verdict-reasons';

export const CONSENT_STATUSES = ['pending', 'granted', 'denied'] as const;
/** `failed`: the analysis could not be done (unreadable media, or retries used up); shown as an error, never as a verdict. */
export const AI_VERDICTS = ['processing', 'granted', 'denied', 'failed'] as const;
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];
export type AiVerdict = (typeof AI_VERDICTS)[number];

/**
 * The speech check as the partner (the holder of the link's token) sees it; never shown to the member, so nothing in
 * the member's view reveals an attempt's outcome or what was heard.
 */
export const partnerCheckSchema = z.object({
  /** Recordings submitted for analysis so far: 0 before the first Yes. */
  attempt: z.number().int().min(0),
  /** MAX_RECORDING_ATTEMPTS. */
  maxAttempts: z.number().int().min(1),
  /** The latest recording was unclear and another may be made now (within the retake window). */
  retakeAllowed: z.boolean(),
  /** What the latest analysed recording was heard as ('' for nothing); null before any analysis and after a No. */
  heard: z.string().nullable(),
  /** The partner's answer as stored (Yes or No pressed); null before one. The result screen's text follows it. */
  answer: z.enum(['yes', 'no']).nullable(),
  /** A recording of the partner is stored with the session (a No before recording has none). */
  recorded: z.boolean(),
  /** The partner's No to a safety question ended the session: their screen shows support, the member's never why. */
  endedBySafetyAnswers: z.boolean(),
  /** The partner answered Yes to both safety questions: a reload of their page goes on to the recording, not back to them. */
  safetyAnswered: z.boolean(),
});
export type PartnerCheck = z.infer<typeof partnerCheckSchema>;

/** The session as every session call answers it (docs/API.md, "Session object"). */
export const consentSessionSchema = z.object({
  id: z.uuid(),
  qrCodeId: z.string(),
  initiatorUserId: z.uuid(),
  initiatorFullName: z.string(),
  verifiedOver18: z.boolean(),
  recipientFullName: z.string().nullable(),
  /** Always masked to its last two digits. */
  recipientPhone: z.string().nullable(),
  consentStatus: z.enum(CONSENT_STATUSES),
  aiVerdict: z.enum(AI_VERDICTS).nullable(),
  consentGrantedTime: z.iso.datetime().nullable(),
  /** Only in the answer that created the session; null everywhere else. */
  recipientToken: z.string().nullable(),
  deleteAfterDays: z.number().int(),
  expiresAt: z.iso.datetime(),
  expired: z.boolean(),
  createdAt: z.iso.datetime(),
  initiator: z.object({ fullName: z.string(), profile_picture_url: z.string().nullable() }),
  /** True once the partner's verification text has been handed to the text-message provider. */
  verificationTextSent: z.boolean(),
  /** The partner's own view of the speech check; null in every answer to the member and in every push. */
  check: partnerCheckSchema.nullable(),
  /** When the partner withdrew their consent (receipts: nothing the member does undoes it); null while it stands. */
  withdrawnAt: z.iso.datetime().nullable(),
  /** When the partner proved their phone with the texted code; null before (no recording is taken until then). */
  phoneVerifiedAt: z.iso.datetime().nullable(),
  /**
   * While the partner may record again (a retake offered, `processing`): until when. Past it, until the lapse is
   * closed as the verdict (within a minute), it stays. Null otherwise. It tells the member that their partner is
   * recording again, never why or what was heard.
   */
  retakeUntil: z.iso.datetime().nullable(),
  /**
   * Only when `aiVerdict` is `denied` (else null), to the member and the partner alike: `answer`, the partner clearly
   * said no (a No pressed at any step, or a refusal in the recording); `recording`, the analysis could not confirm
   * consent (unclear at the last attempt, or a retake not recorded in time). Never what was heard, nor at which step a No was pressed.
   */
  deniedBecause: z.enum(DENIED_BECAUSE).nullable(),
});
export type ConsentSession = z.infer<typeof consentSessionSchema>;

/**
 * The partner's own view for a push, and the hash (base64url) of the proved phone's credential, the one credential it
 * may be pushed to.
 */
export interface PartnerPushView {
  session: ConsentSession;
  partnerCredentialHash: string;
}

/**
 * Consent service, internal `GET /sessions/:id/push-views` (the gateway's push), from one read of the session: the
 * member's view, and the partner's (null while no phone is proved and once the partner may no longer read it).
 */
export interface SessionPushViews {
  member: ConsentSession;
  partner: PartnerPushView | null;
}

const deleteAfterDaysMessage = `deleteAfterDays must be a whole number of days from ${MIN_RETENTION_DAYS} to ${RETENTION_DAYS}`;
/** Days a record is kept once the member's subscription lapses (the retention schedule, `retention.ts`): no longer than the account. */
const deleteAfterDays = z
  .number({ message: deleteAfterDaysMessage })
  .int(deleteAfterDaysMessage)
  .min(MIN_RETENTION_DAYS, deleteAfterDaysMessage)
  .max(RETENTION_DAYS, deleteAfterDaysMessage)
  .default(RETENTION_DAYS);

/**
 * POST /api/consent/sessions, as the spec's client sends it (section 7). Only `deleteAfterDays` is used: the initiator
 * is the signed-in member and the rest describes an empty, unanswered session.
 */
export const newSessionRequestSchema = z.object({
  qrCodeId: z.string().optional(),
  initiatorUserId: z.string().optional(),
  initiatorFullName: z.string().optional(),
  verifiedOver18: z.boolean().optional(),
  recipientFullName: z.string().optional(),
  recipientPhone: z.string().optional(),
  consentStatus: z.enum(CONSENT_STATUSES).optional(),
  deleteAfterDays,
});
export type NewSessionRequest = z.input<typeof newSessionRequestSchema>;

/** Internal: gateway -> consent service POST /sessions; the initiator's id travels as X-Actor-User-Id. */
export const createSessionBodySchema = z.object({
  initiatorFullName: lineOfText('initiatorFullName is required', 'initiatorFullName')
    .trim()
    .min(1, 'initiatorFullName is required')
    .max(200, 'initiatorFullName must be at most 200 characters'),
  initiatorPictureUrl: lineOfText('initiatorPictureUrl must be a string', 'initiatorPictureUrl')
    .max(300, 'initiatorPictureUrl must be at most 300 characters')
    .nullable()
    .default(null),
  /**
   * The member's phone in E.164, for their confirmation text and the rule that the partner's is another; the consent
   * service stores it and never answers it.
   */
  initiatorPhone: lineOfText('initiatorPhone must be a string', 'initiatorPhone')
    .regex(/^\+[1-9]\d{5,14}$/, 'initiatorPhone must be in E.164')
    .nullable()
    .default(null),
  deleteAfterDays,
});
export type CreateSessionBody = z.input<typeof createSessionBodySchema>;
export type CreateSessionInput = z.infer<typeof createSessionBodySchema>;

/**
 * PATCH /api/consent/sessions/{id}/status. `granted` is understood, and refused: only the analysis grants consent. A
 * No given after step 0 carries the partner's name and phone, so they are stored and the verification text is sent.
 */
export const statusUpdateRequestSchema = z.object({
  status: z.enum(['granted', 'denied'], { message: 'status must be granted or denied' }),
  videoAssetId: z.string().nullable().optional(),
  recipientFullName: recipientNameField.optional(),
  recipientPhone: recipientPhoneField.optional(),
});
export type StatusUpdateRequest = z.infer<typeof statusUpdateRequestSchema>;
