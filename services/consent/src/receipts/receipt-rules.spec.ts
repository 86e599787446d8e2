import type { VideoAsset } from '../recordings/video-asset.entity';
import type { ConsentSession } from '../session-records/consent-session.entity';
import type { Verdict } from '../verdicts/verdict.entity';
import { presentReceipt, receiptAssetId, recordingPlayable, withdrawalStep } from './receipt-rules';

const at = (iso: string) => new Date(iso);
const granted = { withdrawnAt: null, aiVerdict: 'granted', consentStatus: 'granted' } as const;

describe('withdrawalStep', () => {
  it('withdraws a granted consent once, then answers that it is withdrawn', () => {
    expect(withdrawalStep(granted)).toBe('withdraw');
    expect(withdrawalStep({ ...granted, withdrawnAt: at('2026-11-26T10:00:00Z') })).toBe('already_withdrawn');
  });

  it.each([
    ['denied', { aiVerdict: 'denied', consentStatus: 'denied' }],
    ['being analysed', { aiVerdict: 'processing', consentStatus: 'pending' }],
    ['failed', { aiVerdict: 'failed', consentStatus: 'pending' }],
    ['unanswered', { aiVerdict: null, consentStatus: 'pending' }],
  ] as const)('refuses a session that is %s', (_, state) => {
    expect(withdrawalStep({ withdrawnAt: null, ...state })).toBe('not_granted');
  });
});

describe('the receipt', () => {
  const session = {
    qrCodeId: 'ciq-abc-def',
    recipientDecision: 'yes',
    videoAssetId: 'latest',
    recordingDeletedAt: null,
    ...granted,
  } as unknown as ConsentSession;
  const verdict = {
    videoAssetId: 'judged',
    outcome: 'granted',
    reasons: ['clear_consent'],
    transcript: 'i consent',
    createdAt: at('2026-11-26T10:01:00Z'),
  } as Verdict;
  const asset = { storedAt: at('2026-11-26T10:00:30Z'), sha256: 'ab'.repeat(32) } as VideoAsset;

  it('is about the recording the verdict was made on, else the latest one', () => {
    expect(receiptAssetId(session, verdict)).toBe('judged');
    expect(receiptAssetId(session, { videoAssetId: null })).toBe('latest');
  });

  it('plays only a stored recording that was not deleted', () => {
    expect(recordingPlayable(session, asset)).toBe(true);
    expect(recordingPlayable(session, null)).toBe(false);
    expect(recordingPlayable(session, { storedAt: null })).toBe(false);
    expect(recordingPlayable({ recordingDeletedAt: at('2026-11-26T11:00:00Z') }, asset)).toBe(false);
  });

  it('shows what was recorded, decided and heard, and keeps the hash after deletion', () => {
    expect(presentReceipt({ receiptId: 'r', session, verdict, asset, initiatorFirstName: 'Alex' })).toEqual({
      id: 'r',
      reference: 'ciq-abc-def',
      initiatorFirstName: 'Alex',
      recordedAt: '2026-11-26T10:00:30.000Z',
      answer: 'yes',
      verdict: { outcome: 'granted', reasons: ['clear_consent'], decidedAt: '2026-11-26T10:01:00.000Z' },
      transcript: 'i consent',
      recordingSha256: 'ab'.repeat(32),
      recordingAvailable: true,
      withdrawnAt: null,
      withdrawable: true,
      recordingDeletedAt: null,
    });
    const deleted = {
      ...session,
      withdrawnAt: at('2026-11-26T11:00:00Z'),
      recordingDeletedAt: at('2026-11-26T11:05:00Z'),
    } as ConsentSession;
    expect(
      presentReceipt({ receiptId: 'r', session: deleted, verdict, asset, initiatorFirstName: 'Alex' }),
    ).toMatchObject({
      recordingSha256: 'ab'.repeat(32),
      recordingAvailable: false,
      withdrawnAt: '2026-11-26T11:00:00.000Z',
      withdrawable: false,
      recordingDeletedAt: '2026-11-26T11:05:00.000Z',
    });
  });
});
