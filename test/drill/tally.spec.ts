import {
  allowedServerError,
  dueAt,
  type Fault,
  formatReport,
  type Observed,
  type ObservedSession,
  tally,
} from '../../scripts/drill/tally';

const consentKilled: Fault = { name: 'consent service SIGKILL', startedAt: 10_000, recoveredAt: 15_000, problem: null };
const postgresRestarted: Fault = { name: 'Postgres restart', startedAt: 30_000, recoveredAt: 32_000, problem: null };
const faults = [consentKilled, postgresRestarted];

const session = (id: string, submittedAt: number, delivered: number[] = [submittedAt + 1_000]): ObservedSession => ({
  id,
  submittedAt,
  member: delivered,
  partner: delivered,
});

function observed(overrides: Partial<Observed> = {}): Observed {
  const sessions = [session('a', 1_000), session('b', 11_000, [17_500]), session('c', 31_000, [34_500])];
  return {
    faults,
    sessions,
    verdicts: new Map([
      ['a', { count: 1, storedAt: 1_900 }],
      ['b', { count: 1, storedAt: 12_000 }],
      ['c', { count: 1, storedAt: 33_000 }],
    ]),
    texts: new Map([['a', { member: 1, partner: 1 }]]),
    answers: [],
    ...overrides,
  };
}

describe('the fault drill tally', () => {
  it('counts each session in the period of the fault it was submitted under, and passes a clean run', () => {
    const result = tally(observed());
    expect(
      result.periods.map(({ name, submitted, stored, deliveredMember, deliveredPartner }) => ({
        name,
        submitted,
        stored,
        deliveredMember,
        deliveredPartner,
      })),
    ).toEqual([
      { name: 'steady (no fault)', submitted: 1, stored: 1, deliveredMember: 1, deliveredPartner: 1 },
      { name: 'consent service SIGKILL', submitted: 1, stored: 1, deliveredMember: 1, deliveredPartner: 1 },
      { name: 'Postgres restart', submitted: 1, stored: 1, deliveredMember: 1, deliveredPartner: 1 },
    ]);
    expect(result.total).toMatchObject({ submitted: 3, stored: 3, lost: 0, duplicates: 0, late: 0 });
    expect(result.passed).toBe(true);
  });

  it('times recovery from the fault to the first verdict stored after it', () => {
    const [, consent, postgres] = tally(observed()).periods;
    expect(consent.recoveryMs).toBe(2_000);
    expect(postgres.recoveryMs).toBe(3_000);
  });

  it('counts a submitted session without a verdict as lost, and fails', () => {
    const verdicts = observed().verdicts;
    verdicts.delete('c');
    const result = tally(observed({ verdicts }));
    expect(result.total.lost).toBe(1);
    expect(result.periods[2].lost).toBe(1);
    expect(result.passed).toBe(false);
    expect(result.failures[0]).toMatch(/1 submitted sessions never got a verdict/);
  });

  it('counts two verdict texts to one recipient, or two different verdicts on one socket, as a duplicate', () => {
    expect(tally(observed({ texts: new Map([['a', { member: 1, partner: 2 }]]) })).total.duplicates).toBe(1);
    const twice = observed();
    twice.sessions[0].member = [2_000, 2_500];
    expect(tally(twice).total.duplicates).toBe(1);
    expect(tally(twice).passed).toBe(false);
  });

  it('owes a verdict stored during an outage to the sockets only after the recovery', () => {
    expect(dueAt(12_000, faults)).toBe(15_000 + 2_000);
    expect(dueAt(20_000, faults)).toBe(20_000);
  });

  it('counts a socket that had its verdict more than 10 s after it was due, or never, as late', () => {
    const late = observed();
    late.sessions[0].partner = [1_900 + 10_001];
    late.sessions[1].member = [];
    const result = tally(late);
    expect(result.total.late).toBe(2);
    expect(result.total.deliveredMember).toBe(2);
    expect(result.passed).toBe(false);
  });

  it('allows a 5xx only as a 503 with {error, code} during an outage', () => {
    const clear = {
      status: 503,
      body: { error: 'The consent service is unavailable, please try again', code: 'service_unavailable' },
    };
    expect(allowedServerError({ ...clear, at: 12_000 }, faults)).toBe(true);
    expect(allowedServerError({ ...clear, at: 16_500 }, faults)).toBe(true);
    expect(allowedServerError({ ...clear, at: 20_000 }, faults)).toBe(false);
    expect(
      allowedServerError(
        { status: 500, body: { error: 'Internal server error', code: 'internal_error' }, at: 12_000 },
        faults,
      ),
    ).toBe(false);
    expect(allowedServerError({ status: 503, body: null, at: 12_000 }, faults)).toBe(false);
    const result = tally(
      observed({
        answers: [
          { ...clear, at: 12_000 },
          { status: 500, body: null, at: 31_000 },
        ],
      }),
    );
    expect(result.periods[1]).toMatchObject({ serverErrors: 1, unexplainedServerErrors: 0 });
    expect(result.periods[2]).toMatchObject({ serverErrors: 1, unexplainedServerErrors: 1 });
    expect(result.passed).toBe(false);
  });

  it('fails a fault that never recovered or whose own check found a problem', () => {
    expect(
      tally(observed({ faults: [consentKilled, { ...postgresRestarted, recoveredAt: null }] })).failures,
    ).toContain('no recovery from: Postgres restart');
    expect(
      tally(observed({ faults: [consentKilled, { ...postgresRestarted, problem: 'stored 2 events again' }] })).failures,
    ).toContain('Postgres restart: stored 2 events again');
  });

  it('prints a row per period and the total, then the bar', () => {
    const lines = formatReport(tally(observed())).split('\n');
    expect(lines).toHaveLength(6);
    expect(lines[0]).toMatch(/^fault\s+submitted\s+stored\s+to member\s+to partner\s+lost\s+duplicates\s+late/);
    expect(lines[4]).toMatch(/^total\s+3\s+3\s+3\s+3\s+0\s+0\s+0\s+0 \(0\)/);
    expect(lines[5]).toMatch(/PASS$/);
  });
});
