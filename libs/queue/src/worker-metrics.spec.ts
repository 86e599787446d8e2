import { UnrecoverableError } from 'bullmq';
import { isFinalFailure } from './worker-metrics';

describe('isFinalFailure', () => {
  const job = (attemptsMade: number, attempts?: number) => ({ attemptsMade, opts: { attempts } });

  it('is final once the attempts are used up (counted after the failed one), or at once when unrecoverable', () => {
    expect(isFinalFailure(job(1, 3), new Error('transient'))).toBe(false);
    expect(isFinalFailure(job(3, 3), new Error('transient'))).toBe(true);
    expect(isFinalFailure(job(1), new Error('no retries configured'))).toBe(true);
    expect(isFinalFailure(job(1, 5), new UnrecoverableError('bad payload'))).toBe(true);
  });
});
