import { auditActor, supportAuditEntry } from './audit-timeline';

const at = new Date('2026-11-22T12:00:00Z');
const client = { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (Partner Phone)' };
const noClient = { ip: null, userAgent: null };

describe('auditActor', () => {
  it.each([
    ['session_created', client, 'member'],
    ['link_opened', client, 'partner'],
    ['recording_stored', noClient, 'partner'],
    ['decision_submitted', client, 'partner'],
    ['status_changed', client, 'partner'],
    ['verdict_stored', client, 'partner'],
    ['status_changed', noClient, 'system'],
    ['verdict_stored', noClient, 'system'],
    ['analysis_failed', noClient, 'system'],
    ['attempt_unclear', noClient, 'system'],
  ] as const)('%s with %j is the %s', (event, context, actor) => {
    expect(auditActor({ event, ...context })).toBe(actor);
  });

  it('takes a row with only a browser as a request', () => {
    expect(auditActor({ event: 'verdict_stored', ip: null, userAgent: 'Safari' })).toBe('partner');
  });
});

describe('supportAuditEntry', () => {
  it('keeps the impersonal details and drops the client address, browser and anything not known to be safe', () => {
    const entry = supportAuditEntry({
      seq: 3,
      event: 'decision_submitted',
      createdAt: at,
      details: {
        decision: 'yes',
        videoAssetId: 'a3c1',
        withRecording: true,
        typedName: 'Jordan Lee',
        phone: '+1 555 987 6543',
        qrCodeId: 'ciq-x-y',
      },
      ...client,
    });
    expect(entry).toEqual({
      seq: 3,
      event: 'decision_submitted',
      at: '2026-11-22T12:00:00.000Z',
      actor: 'partner',
      details: { decision: 'yes', videoAssetId: 'a3c1', withRecording: true },
    });
  });

  it("shows an attempt's number and reasons", () => {
    expect(
      supportAuditEntry({
        seq: 6,
        event: 'attempt_unclear',
        createdAt: at,
        details: { attempt: 1, reasons: 'no_speech' },
        ...noClient,
      }).details,
    ).toEqual({ attempt: 1, reasons: 'no_speech' });
  });

  it('shows the verdict, status change and recording details support needs', () => {
    const details = {
      outcome: 'unclear',
      reasons: 'low_confidence,no_speech',
      from: 'processing',
      to: 'denied',
      sha256: 'ab'.repeat(32),
      size: 1234,
      mimeType: 'video/webm',
      deleteAfterDays: 90,
    };
    expect(supportAuditEntry({ seq: 1, event: 'verdict_stored', createdAt: at, details, ...noClient }).details).toEqual(
      details,
    );
  });
});
