import type { AuditEntry } from '../audit/audit-entry.entity';
import type { ConsentSession } from '../session-records/consent-session.entity';
import type { TextMessage } from '../text-messages/text-message.entity';
import type { Verdict } from '../verdicts/verdict.entity';
import { presentSupportRecord, type SupportFacts } from './support-record.presenter';

const now = new Date('2026-11-22T13:00:00Z');
const id = '0b8e8f52-3d2a-4a5e-9f7c-1c2d3e4f5a6b';
const asset = '5d6e7f80-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const PARTNER_PHONE = '+1 555 987 6543';
const MEMBER_PHONE = '+1 555 246 8013';
const TRANSCRIPT = 'I Jordan Lee consent';

const session = {
  id,
  qrCodeId: 'ciq-mx-abc123defg',
  initiatorUserId: '6f1c2b0e-8d1a-4c55-9e21-3a7b9c0d1e2f',
  initiatorFullName: 'Alex Doe',
  initiatorPictureUrl: '/api/media/profile-pictures/abc.webp',
  initiatorPhone: MEMBER_PHONE,
  recipientTokenHash: Buffer.alloc(32, 7),
  verifiedOver18: true,
  recipientFullName: 'Jordan Lee',
  recipientPhone: PARTNER_PHONE,
  consentStatus: 'granted',
  aiVerdict: 'granted',
  recipientDecision: 'yes',
  videoAssetId: asset,
  attempts: 2,
  retakeUntil: null,
  consentGrantedTime: new Date('2026-11-22T12:05:00Z'),
  verificationTextSentAt: new Date('2026-11-22T12:06:00Z'),
  phoneVerifiedAt: new Date('2026-11-22T12:02:00Z'),
  deleteAfterDays: 90,
  expiresAt: new Date('2026-11-22T12:30:00Z'),
  createdAt: new Date('2026-11-22T12:00:00Z'),
  updatedAt: new Date('2026-11-22T12:06:00Z'),
} as ConsentSession;

const entry = {
  id: '1',
  sessionId: id,
  seq: 1,
  event: 'session_created',
  details: { qrCodeId: 'ciq-mx-abc123defg', deleteAfterDays: 90 },
  ip: '203.0.113.7',
  userAgent: 'Firefox',
  createdAt: new Date('2026-11-22T12:00:00Z'),
  prevHash: '0'.repeat(64),
  rowHash: 'f'.repeat(64),
} as AuditEntry;

const verdict = {
  sessionId: id,
  videoAssetId: asset,
  outcome: 'granted',
  reasons: ['affirmed', 'name_matches'],
  transcript: TRANSCRIPT,
  recogniser: 'pocketsphinx en-us',
  nameCheck: 'matched',
  timingsMs: { normalize: 120, transcribe: 900, judge: 2 },
  phoneVerifiedAt: new Date('2026-11-22T12:02:00Z'),
  createdAt: new Date('2026-11-22T12:05:00Z'),
} as Verdict;

const partnerText = {
  id: '11111111-1111-4111-8111-111111111111',
  sessionId: id,
  recipient: 'partner',
  purpose: 'verdict',
  phone: PARTNER_PHONE,
  body: 'Hi Jordan, your response was recorded.',
  status: 'failed',
  attempts: 5,
  provider: 'twilio',
  providerMessageId: null,
  lastError: 'Twilio 21211: +1 (555) 987-6543 is not a valid phone number',
  createdAt: new Date('2026-11-22T12:05:00Z'),
  sentAt: null,
} as TextMessage;

const attempts = [
  { attempt: 1, outcome: 'unclear' as const },
  { attempt: 2, outcome: 'granted' as const },
];
const facts: SupportFacts = {
  session,
  entries: [entry],
  chain: { valid: true, length: 1 },
  attempts,
  verdict,
  textMessages: [partnerText],
};

describe('presentSupportRecord', () => {
  it("answers the session's state and times, the timeline, the verdict's reasons, the texts and the jobs", () => {
    expect(presentSupportRecord(facts, now)).toEqual({
      session: {
        id,
        qrCodeId: 'ciq-mx-abc123defg',
        initiatorUserId: '6f1c2b0e-8d1a-4c55-9e21-3a7b9c0d1e2f',
        consentStatus: 'granted',
        aiVerdict: 'granted',
        recipientDecision: 'yes',
        verifiedOver18: true,
        videoAssetId: asset,
        deleteAfterDays: 90,
        expired: false,
        createdAt: '2026-11-22T12:00:00.000Z',
        updatedAt: '2026-11-22T12:06:00.000Z',
        expiresAt: '2026-11-22T12:30:00.000Z',
        consentGrantedTime: '2026-11-22T12:05:00.000Z',
        verificationTextSentAt: '2026-11-22T12:06:00.000Z',
        phoneVerifiedAt: '2026-11-22T12:02:00.000Z',
      },
      timeline: [
        {
          seq: 1,
          event: 'session_created',
          at: '2026-11-22T12:00:00.000Z',
          actor: 'member',
          details: { deleteAfterDays: 90 },
        },
      ],
      chain: { verified: true, length: 1, brokenAtSeq: null, reason: null },
      verdict: {
        outcome: 'granted',
        reasons: ['affirmed', 'name_matches'],
        recogniser: 'pocketsphinx en-us',
        timingsMs: { normalize: 120, transcribe: 900, judge: 2 },
        videoAssetId: asset,
        phoneVerifiedAt: '2026-11-22T12:02:00.000Z',
        createdAt: '2026-11-22T12:05:00.000Z',
      },
      textMessages: [
        {
          id: partnerText.id,
          recipient: 'partner',
          purpose: 'verdict',
          phone: '••••••43',
          status: 'failed',
          attempts: 5,
          provider: 'twilio',
          lastError: 'Twilio 21211: [phone] is not a valid phone number',
          createdAt: '2026-11-22T12:05:00.000Z',
          sentAt: null,
        },
      ],
      jobs: [
        { queue: 'media-analysis', name: 'analyze-recording', id: `${id}.1` },
        { queue: 'media-analysis', name: 'analyze-recording', id: `${id}.2` },
        { queue: 'session-updates', name: 'push-session-update', id: `${id}.submitted` },
        { queue: 'session-updates', name: 'push-session-update', id: `${id}.retake_requested.1` },
        { queue: 'session-updates', name: 'push-session-update', id: `${id}.verdict` },
        { queue: 'session-updates', name: 'push-session-update', id: `${id}.text_sent` },
        { queue: 'text-messages', name: 'send-text-message', id: partnerText.id },
      ],
    });
  });

  it('never answers a name, a phone in full, the transcript, a text body, the token hash or a client', () => {
    const json = JSON.stringify(presentSupportRecord(facts, now));
    for (const secret of [
      'Jordan',
      'Alex Doe',
      PARTNER_PHONE,
      '5559876543',
      MEMBER_PHONE,
      '5552468013',
      TRANSCRIPT,
      'transcript',
      'your response',
      '203.0.113.7',
      'Firefox',
      'profile-pictures',
    ]) {
      expect(json).not.toContain(secret);
    }
  });

  it('says where a broken chain breaks', () => {
    const broken = presentSupportRecord(
      { ...facts, chain: { valid: false, brokenAtSeq: 1, reason: 'row content was altered' } },
      now,
    );
    expect(broken.chain).toEqual({ verified: false, length: 1, brokenAtSeq: 1, reason: 'row content was altered' });
  });

  it('has no verdict, texts or jobs for an open session', () => {
    const open = {
      ...session,
      consentStatus: 'pending',
      aiVerdict: null,
      recipientDecision: null,
      videoAssetId: null,
      attempts: 0,
      verificationTextSentAt: null,
      consentGrantedTime: null,
    } as ConsentSession;
    const record = presentSupportRecord(
      { ...facts, session: open, attempts: [], verdict: null, textMessages: [] },
      now,
    );
    expect(record).toMatchObject({ verdict: null, textMessages: [], jobs: [], session: { expired: true } });
  });
});
