import {
  deliveryLatencies,
  isLoopbackUrl,
  misdelivered,
  percentile,
} from '../../scripts/bench/support/live-deliveries';

describe('bench:live delivery rules', () => {
  it('takes nearest-rank percentiles, whatever the order of the values', () => {
    const values = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(percentile(values, 50)).toBe(5);
    expect(percentile(values, 99)).toBe(10);
    expect(percentile(values, 10)).toBe(1);
    expect(percentile([], 50)).toBeNaN();
  });

  it('counts every event of a session the socket does not follow as misdelivered', () => {
    const own = new Set(['s1']);
    expect(misdelivered(['s1', 's1'], own)).toBe(0);
    expect(misdelivered(['s1', 's2', 's3', 's2'], own)).toBe(3);
  });

  it("times a verdict to the later of its member's and partner's arrivals, from each socket's first", () => {
    const starts = new Map([['s1', 1000]]);
    const { latenciesMs, missing } = deliveryLatencies(starts, [
      { sessionId: 's1', socket: 'member', at: 1010 },
      { sessionId: 's1', socket: 'partner', at: 1030 },
      { sessionId: 's1', socket: 'partner', at: 1005 },
    ]);
    expect(latenciesMs).toEqual([10]);
    expect(missing).toBe(0);
  });

  it('counts a missing delivery for each socket a verdict never reached, and leaves it out of the latencies', () => {
    const starts = new Map([
      ['s1', 0],
      ['s2', 0],
      ['s3', 0],
    ]);
    const { latenciesMs, missing } = deliveryLatencies(starts, [
      { sessionId: 's1', socket: 'member', at: 5 },
      { sessionId: 's1', socket: 'partner', at: 7 },
      { sessionId: 's2', socket: 'member', at: 9 },
      { sessionId: 'other', socket: 'member', at: 1 },
    ]);
    expect(latenciesMs).toEqual([7]);
    expect(missing).toBe(3);
  });

  it('accepts loopback addresses only', () => {
    for (const url of [
      'redis://127.0.0.1:6379',
      'postgres://postgres@localhost:5432/x',
      'http://[::1]:80',
      'http://127.1.2.3',
    ])
      expect(isLoopbackUrl(url)).toBe(true);
    for (const url of ['redis://10.0.0.5:6379', 'postgres://db.example.com/x', 'http://127.0.0.1.example.com'])
      expect(isLoopbackUrl(url)).toBe(false);
  });
});
