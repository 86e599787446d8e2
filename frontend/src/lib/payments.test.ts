import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserLocation } from '@/lib/browser-location';
import { redirectToCheckout } from '@/lib/payments';

afterEach(() => vi.restoreAllMocks());

describe('redirectToCheckout', () => {
  it('goes to the address create-subscription answered', () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    redirectToCheckout('https://checkout.stripe.com/c/pay/cs_test_1');
    expect(assign).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1');
  });
});
