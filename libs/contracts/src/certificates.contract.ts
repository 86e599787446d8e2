import { z } from 'zod';
import { JUDGEMENT_OUTCOMES, NAME_CHECKS } from './analysis.contract';

/**
 * The signed certificate of a session's final verdict, its public verification and the member's history. A
 * certificate is computed from the stored record when asked for and signed with the service's Ed25519 key (the key
 * set is published at `/.well-known/consentiq-keys.json`): `signature` covers the canonical JSON (keys sorted at every
 * level, no spaces) of `certificate`, so anyone can check it without us.
 */

export const CERTIFICATE_ALGORITHM = 'Ed25519';

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

/** Strict at every level: a key the schema does not know makes a file no certificate of ours. */
export const certificateSchema = z.strictObject({
  version: z.literal(1),
  sessionId: z.uuid(),
  qrCodeId: z.string(),
  createdAt: z.iso.datetime(),
  /** When the partner gave the answer the verdict is about (the latest, after a retake). */
  answeredAt: z.iso.datetime().nullable(),
  verdictAt: z.iso.datetime(),
  /** As the member was shown it: an unclear final outcome is `denied`. */
  verdict: z.enum(['granted', 'denied']),
  /** What the judge concluded (`unclear` kept as such), with its reasons. */
  outcome: z.enum(JUDGEMENT_OUTCOMES),
  reasons: z.array(z.string()),
  /** SHA-256 (hex) of the recording's original bytes; null for a No given without one. */
  recordingSha256: sha256Hex.nullable(),
  /** SHA-256 (hex) of the deciding attempt's stored transcript (UTF-8); null when nothing was analysed. */
  transcriptSha256: sha256Hex.nullable(),
  /** The decoder and model that heard the recording; null when nothing was analysed. */
  recogniser: z.string().nullable(),
  /**
   * The name check beside the verdict: the typed name heard (`matched`), not confirmed, or another name heard
   * (`different`). Absent when nothing was listened to, and from verdicts stored before the check had it.
   */
  nameCheck: z.enum(NAME_CHECKS).optional(),
  /** When the partner had proved their phone with a texted code, as the verdict recorded it; null: not proved (a No before the check). */
  phoneVerifiedAt: z.iso.datetime().nullable(),
  /**
   * How the partner was proved: a code texted to the number ending in `phoneEndsWith`, and every answer after it made
   * on the phone that confirmed the code (the link's token no longer acted for the partner). Absent for an answer
   * before the proof, and from records made before answers were bound to that phone.
   */
  partnerProof: z
    .strictObject({
      method: z.literal('texted_code'),
      phoneEndsWith: z.string(),
      answeredOn: z.literal('proving_phone'),
    })
    .optional(),
  /**
   * When the partner answered Yes to both safety questions (free to say no, clear-headed), which the service requires
   * before any recording. Only on a verdict about a recording; absent from a No without one (whatever step it came
   * at, so none tells why) and from records whose answer came before it was recorded.
   */
  safetyQuestionsAnsweredAt: z.iso.datetime().optional(),
  /** The session's audit chain head when issued: its length and last row's hash. */
  auditHead: z.strictObject({ seq: z.number().int().nonnegative(), hash: sha256Hex }),
  /** The record's state when issued. */
  withdrawnAt: z.iso.datetime().nullable(),
  recordingDeletedAt: z.iso.datetime().nullable(),
  issuedAt: z.iso.datetime(),
  keyId: z.string(),
  algorithm: z.literal(CERTIFICATE_ALGORITHM),
});
export type Certificate = z.infer<typeof certificateSchema>;

export const signedCertificateSchema = z.object({
  certificate: certificateSchema,
  /** Ed25519 over the canonical JSON of `certificate`, base64url without padding. */
  signature: z.string(),
});
export type SignedCertificate = z.infer<typeof signedCertificateSchema>;

/** `GET /.well-known/consentiq-keys.json`: every key a certificate may name; `publicKey` is the raw 32 bytes, base64url (a JWK's `x`). */
export const certificateKeySetSchema = z.object({
  keys: z.array(z.object({ keyId: z.string(), algorithm: z.literal(CERTIFICATE_ALGORITHM), publicKey: z.string() })),
});
export type CertificateKeySet = z.infer<typeof certificateKeySetSchema>;

/**
 * `POST /api/verify/certificate`: a certificate file as downloaded, its text as the body. `certificate` is taken as any
 * JSON object, so a changed or added field reads as a certificate that is not valid (with the reason) rather than as
 * malformed input.
 */
export const verifyCertificateRequestSchema = z
  .object({
    certificate: z.record(z.string(), z.unknown()),
    signature: z.string().max(200),
  })
  .strict();
export type VerifyCertificateRequest = z.infer<typeof verifyCertificateRequestSchema>;

/** A matching record's current state; nothing else about it is revealed. */
export const recordStateSchema = z.object({ withdrawn: z.boolean(), recordingDeleted: z.boolean() });
export type RecordState = z.infer<typeof recordStateSchema>;

/**
 * Why a certificate is not valid, checked in this order: a key written twice in the file (`JSON.parse` would keep the
 * last silently), a key or value the certificate's schema does not know, a signature that is not the canonical
 * base64url of 64 bytes (padding, the other alphabet, stray trailing bits), a key we never listed, a signature that
 * does not verify, a record that no longer states what the certificate does.
 */
export const CERTIFICATE_REFUSALS = [
  'duplicate_key',
  'unknown_field',
  'malformed_certificate',
  'signature_not_canonical',
  'unknown_key',
  'signature_mismatch',
  'record_mismatch',
] as const;
export type CertificateRefusal = (typeof CERTIFICATE_REFUSALS)[number];

export const certificateVerificationSchema = z.object({
  signatureValid: z.boolean(),
  /** The key the certificate names, when the key set holds it; null otherwise. */
  keyId: z.string().nullable(),
  /** Signed by us and still agrees with the stored record (its audit chain holds the head it names). */
  matchesRecord: z.boolean(),
  state: recordStateSchema.nullable(),
  /** Why it is not valid; null for a certificate we signed that matches the record. */
  reason: z.enum(CERTIFICATE_REFUSALS).nullable(),
});
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>;

/**
 * `POST /api/verify/recording`: whether the uploaded file's SHA-256 is a certified recording's, and every record it
 * matches (oldest verdict first; more than one only for records made before the same bytes were refused in a second
 * session), each with its session id (as its certificate names it) and state.
 */
export const recordingVerificationSchema = z.object({
  sha256: sha256Hex,
  matchesRecord: z.boolean(),
  matches: z.array(z.object({ sessionId: z.uuid(), state: recordStateSchema })),
});
export type RecordingVerification = z.infer<typeof recordingVerificationSchema>;

/** `/verify/recording` takes the file itself as the body: never a form or JSON, which the body parsers would read. */
export function isRawRecordingType(contentType: string | undefined): boolean {
  return /^(application\/octet-stream|video\/[\w.+-]+|audio\/[\w.+-]+)\s*(;|$)/i.test(contentType ?? '');
}

/** How a session shows in the member's history. */
export const HISTORY_STATES = ['pending', 'processing', 'granted', 'denied', 'withdrawn', 'expired', 'failed'] as const;
export type HistoryState = (typeof HISTORY_STATES)[number];

export const HISTORY_PAGE_DEFAULT = 20;
export const HISTORY_PAGE_MAX = 50;

export const historyEntrySchema = z.object({
  id: z.uuid(),
  createdAt: z.iso.datetime(),
  /** The partner's first name only; null before they gave it. */
  partnerFirstName: z.string().nullable(),
  state: z.enum(HISTORY_STATES),
  /** Whether `/certificate` and `/certificate.pdf` answer for it (a final verdict). */
  certificate: z.boolean(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** `GET /api/consent/sessions?before=&limit=`: newest first; `nextCursor` is the `before` of the next page, null at the end. */
export const historyPageSchema = z.object({
  sessions: z.array(historyEntrySchema),
  nextCursor: z.string().nullable(),
});
export type HistoryPage = z.infer<typeof historyPageSchema>;
