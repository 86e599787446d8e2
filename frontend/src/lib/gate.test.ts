import type { SubscriptionStatus } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { authenticatedGate, postLoginDestination, protectedGate, type AuthSnapshot } from '@/lib/gate';

const loading: AuthSnapshot = { isLoading: true, isAuthenticated: false, user: null };
const authenticatedWithoutUser: AuthSnapshot = { isLoading: false, isAuthenticated: true, user: null };
const anonymous: AuthSnapshot = { isLoading: false, isAuthenticated: false, user: null };
const member = (subscriptionStatus: string): AuthSnapshot => ({
  isLoading: false,
  isAuthenticated: true,
  // Any value the server might send, known or not, is covered.
  user: { subscriptionStatus: subscriptionStatus as SubscriptionStatus },
});

describe('protectedGate', () => {
  it('shows the product name with an ellipsis while auth loads', () => {
    expect(protectedGate(loading)).toEqual({ kind: 'loading', message: 'ConsentIQ...' });
  });

  it('keeps loading while authenticated but the user is not loaded yet', () => {
    expect(protectedGate(authenticatedWithoutUser)).toEqual({ kind: 'loading', message: 'ConsentIQ...' });
  });

  it("uses 'Loading...' for the home screen gate", () => {
    expect(protectedGate(loading, { home: true })).toEqual({ kind: 'loading', message: 'Loading...' });
    expect(protectedGate(authenticatedWithoutUser, { home: true })).toEqual({ kind: 'loading', message: 'Loading...' });
  });

  it('sends signed-out visitors to /register', () => {
    expect(protectedGate(anonymous)).toEqual({ kind: 'redirect', to: '/register' });
  });

  it.each(['inactive', 'past_due', 'canceled', ''])('sends members with status %j to /subscribe', (status) => {
    expect(protectedGate(member(status))).toEqual({ kind: 'redirect', to: '/subscribe' });
  });

  it('lets active members through', () => {
    expect(protectedGate(member('active'))).toEqual({ kind: 'allow' });
    expect(protectedGate(member('active'), { home: true })).toEqual({ kind: 'allow' });
  });
});

describe('authenticatedGate', () => {
  it('shows the loading message while auth loads or the user is missing', () => {
    expect(authenticatedGate(loading)).toEqual({ kind: 'loading', message: 'ConsentIQ...' });
    expect(authenticatedGate(authenticatedWithoutUser)).toEqual({ kind: 'loading', message: 'ConsentIQ...' });
  });

  it('sends signed-out visitors to /register', () => {
    expect(authenticatedGate(anonymous)).toEqual({ kind: 'redirect', to: '/register' });
  });

  it('lets any signed-in user through, subscribed or not', () => {
    expect(authenticatedGate(member('inactive'))).toEqual({ kind: 'allow' });
    expect(authenticatedGate(member('past_due'))).toEqual({ kind: 'allow' });
    expect(authenticatedGate(member('active'))).toEqual({ kind: 'allow' });
  });
});

describe('postLoginDestination', () => {
  it('sends active members to a new consent session and everyone else to the plans', () => {
    expect(postLoginDestination({ subscriptionStatus: 'active' })).toBe('/consent/new');
    expect(postLoginDestination({ subscriptionStatus: 'inactive' })).toBe('/subscribe');
    expect(postLoginDestination({ subscriptionStatus: 'past_due' })).toBe('/subscribe');
  });
});
