import type { SubscriptionStatus } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { authenticatedGate, type AuthSnapshot, guestGate, postLoginDestination, protectedGate } from '@/lib/gate';

const loading: AuthSnapshot = { isLoading: true, isAuthenticated: false, user: null };
const authenticatedWithoutUser: AuthSnapshot = { isLoading: false, isAuthenticated: true, user: null };
const ASKED = '/history?page=2#latest';
const anonymous: AuthSnapshot = { isLoading: false, isAuthenticated: false, user: null };
const member = (subscriptionStatus: string): AuthSnapshot => ({
  isLoading: false,
  isAuthenticated: true,
  // Any value the server might send, known or not, is covered.
  user: { subscriptionStatus: subscriptionStatus as SubscriptionStatus },
});

describe('protectedGate', () => {
  it('shows the product name with an ellipsis while auth loads', () => {
    expect(protectedGate(loading, { asked: ASKED })).toEqual({ kind: 'loading', message: 'ConsentIQ...' });
  });

  it('keeps loading while authenticated but the user is not loaded yet', () => {
    expect(protectedGate(authenticatedWithoutUser, { asked: ASKED })).toEqual({
      kind: 'loading',
      message: 'ConsentIQ...',
    });
  });

  it("uses 'Loading...' for the home screen gate", () => {
    expect(protectedGate(loading, { home: true, asked: ASKED })).toEqual({ kind: 'loading', message: 'Loading...' });
    expect(protectedGate(authenticatedWithoutUser, { home: true, asked: ASKED })).toEqual({
      kind: 'loading',
      message: 'Loading...',
    });
  });

  it('sends signed-out visitors to /login, naming the page they asked for', () => {
    expect(protectedGate(anonymous, { asked: ASKED })).toEqual({
      kind: 'redirect',
      to: '/register?next=%2Fhistory%3Fpage%3D2%23latest',
    });
  });

  it.each(['inactive', 'past_due', 'canceled', ''])('sends members with status %j to /subscribe', (status) => {
    expect(protectedGate(member(status), { asked: ASKED })).toEqual({ kind: 'redirect', to: '/subscribe' });
  });

  it('lets active members through', () => {
    expect(protectedGate(member('active'), { asked: ASKED })).toEqual({ kind: 'allow' });
    expect(protectedGate(member('active'), { home: true, asked: ASKED })).toEqual({ kind: 'allow' });
  });
});

describe('authenticatedGate', () => {
  it('shows the loading message while auth loads or the user is missing', () => {
    expect(authenticatedGate(loading, ASKED)).toEqual({ kind: 'loading', message: 'ConsentIQ...' });
    expect(authenticatedGate(authenticatedWithoutUser, ASKED)).toEqual({ kind: 'loading', message: 'ConsentIQ...' });
  });

  it('sends signed-out visitors to /login, naming the page they asked for', () => {
    expect(authenticatedGate(anonymous, '/subscribe')).toEqual({ kind: 'redirect', to: '/register?next=%2Fsubscribe' });
  });

  it('lets any signed-in user through, subscribed or not', () => {
    expect(authenticatedGate(member('inactive'), ASKED)).toEqual({ kind: 'allow' });
    expect(authenticatedGate(member('past_due'), ASKED)).toEqual({ kind: 'allow' });
    expect(authenticatedGate(member('active'), ASKED)).toEqual({ kind: 'allow' });
  });
});

describe('postLoginDestination', () => {
  it('sends active members to a new consent session and everyone else to the plans', () => {
    expect(postLoginDestination({ subscriptionStatus: 'active' })).toBe('/consent/new');
    expect(postLoginDestination({ subscriptionStatus: 'inactive' })).toBe('/subscribe');
    expect(postLoginDestination({ subscriptionStatus: 'past_due' })).toBe('/subscribe');
  });

  it('sends them back to the page they asked for instead, when there is one', () => {
    expect(postLoginDestination({ subscriptionStatus: 'active' }, '/history')).toBe('/history');
    expect(postLoginDestination({ subscriptionStatus: 'inactive' }, '/history')).toBe('/history');
  });
});

describe('guestGate', () => {
  it('sends a member who arrives signed in to the page asked for, else to the dashboard; lets anyone else sign in', () => {
    expect(guestGate(true, '/history')).toEqual({ kind: 'redirect', to: '/history' });
    expect(guestGate(true)).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(guestGate(false, '/history')).toEqual({ kind: 'allow' });
    expect(guestGate(null)).toEqual({ kind: 'allow' });
  });
});
