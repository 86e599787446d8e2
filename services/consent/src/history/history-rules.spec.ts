import { firstNameOf, hasCertificate, historyStateOf, pageLimit } from './history-rules';

const now = new Date('2026-01-02T12:00:00.000Z');
const open = {
  consentStatus: 'pending' as const,
  aiVerdict: null,
  expiresAt: new Date('2026-01-02T12:30:00.000Z'),
  retakeUntil: null,
  withdrawnAt: null,
};

describe('historyStateOf', () => {
  it.each([
    ['pending', open],
    ['expired', { ...open, expiresAt: new Date('2026-01-02T11:00:00.000Z') }],
    ['processing', { ...open, aiVerdict: 'processing' as const }],
    ['granted', { ...open, consentStatus: 'granted' as const, aiVerdict: 'granted' as const }],
    ['denied', { ...open, consentStatus: 'denied' as const, aiVerdict: 'denied' as const }],
    ['failed', { ...open, aiVerdict: 'failed' as const }],
    ['withdrawn', { ...open, consentStatus: 'granted' as const, aiVerdict: 'granted' as const, withdrawnAt: now }],
  ])('%s', (state, session) => {
    expect(historyStateOf(session, now)).toBe(state);
  });

  it('offers a certificate for a final verdict only', () => {
    expect(
      [null, 'processing', 'failed', 'granted', 'denied'].map((aiVerdict) =>
        hasCertificate({ aiVerdict: aiVerdict as never }),
      ),
    ).toEqual([false, false, false, true, true]);
  });
});

describe('firstNameOf', () => {
  it('keeps the first name only', () => {
    expect(firstNameOf('  Jordan  Lee Smith ')).toBe('Jordan');
    expect(firstNameOf(null)).toBeNull();
    expect(firstNameOf('   ')).toBeNull();
  });
});

describe('pageLimit', () => {
  it('takes 1 to the maximum, the default when absent, and nothing else', () => {
    expect(pageLimit(undefined, 20, 50)).toBe(20);
    expect(pageLimit('50', 20, 50)).toBe(50);
    expect(['0', '51', '-1', '2.5', 'x', '', '0010'].map((raw) => pageLimit(raw, 20, 50))).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(pageLimit(['1', '2'], 20, 50)).toBeNull();
  });
});
