import type { Certificate } from '@app/contracts';

/** A certificate as `certificateOf` writes one for an unclear final outcome: for the unit tests of what reads it. */
export const UNCLEAR_CERTIFICATE: Certificate = {
  version: 1,
  sessionId: '0b0f6a8e-9f5c-4a51-9f0e-6f4f0f5a2b11',
  qrCodeId: 'ciq-abc-123',
  createdAt: '2026-01-02T10:00:00.000Z',
  answeredAt: '2026-01-02T10:03:00.000Z',
  verdictAt: '2026-01-02T10:03:09.000Z',
  verdict: 'denied',
  outcome: 'unclear',
  reasons: ['unclear_words', 'name_matched', 'retake_not_recorded'],
  recordingSha256: 'a'.repeat(64),
  transcriptSha256: 'c'.repeat(64),
  recogniser: 'pocketsphinx 5prealpha en-us (statement grammar, phone-loop garbage)',
  nameCheck: 'matched',
  phoneVerifiedAt: '2026-01-02T10:01:30.000Z',
  auditHead: { seq: 7, hash: 'b'.repeat(64) },
  withdrawnAt: null,
  recordingDeletedAt: null,
  issuedAt: '2026-01-03T00:00:00.000Z',
  keyId: 'k1',
  algorithm: 'Ed25519',
};

/** A No pressed: no recording, nothing analysed. */
export const PRESSED_NO_CERTIFICATE: Certificate = (({ nameCheck: _nameCheck, ...rest }) => ({
  ...rest,
  outcome: 'denied' as const,
  reasons: ['pressed_no'],
  recordingSha256: null,
  transcriptSha256: null,
  recogniser: null,
}))(UNCLEAR_CERTIFICATE);
