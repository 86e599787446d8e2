import { describe, expect, it } from 'vitest';
import { earlyPricingLabel } from './early-pricing';

describe('earlyPricingLabel', () => {
  it('states the places left from the real count, and says so when none are', () => {
    expect(earlyPricingLabel(987)).toBe('Early pricing for the first 1,000 members: 987 places left.');
    expect(earlyPricingLabel(1)).toBe('Early pricing for the first 1,000 members: 1 place left.');
    expect(earlyPricingLabel(0)).toBe('Early pricing for the first 1,000 members: every place is taken.');
  });

  it('keeps the plain note until the count has loaded', () => {
    expect(earlyPricingLabel(undefined)).toBe('Early pricing for the first 1,000 members.');
  });
});
