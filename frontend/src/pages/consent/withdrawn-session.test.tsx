import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testSession } from '@/test/consent-session';
import { openLiveSockets } from '@/test/fake-live-socket';
import { openMemberSession, pushToMember } from '@/test/member-session';

const granted = testSession({
  aiVerdict: 'granted',
  consentStatus: 'granted',
  consentGrantedTime: '2030-01-01T00:05:00.000Z',
});
const withdrawn = { ...granted, withdrawnAt: '2030-01-01T00:20:00.000Z' };

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("the member's session screen after the partner withdrew", () => {
  it("shows 'Consent Withdrawn', never 'Good News'", async () => {
    openMemberSession(withdrawn);
    expect(await screen.findByRole('heading', { name: 'Consent Withdrawn' })).toBeInTheDocument();
    expect(screen.queryByText('Good News')).not.toBeInTheDocument();
  });

  it('keeps listening on a granted session and turns to withdrawn the moment it is pushed', async () => {
    openMemberSession(granted);
    expect(await screen.findByRole('heading', { name: 'Good News' })).toBeInTheDocument();
    await pushToMember(withdrawn);
    expect(await screen.findByRole('heading', { name: 'Consent Withdrawn' })).toBeInTheDocument();
    expect(screen.queryByText('Good News')).not.toBeInTheDocument();
    // Nothing more can happen to it: the socket is closed.
    await waitFor(() => expect(openLiveSockets()).toEqual([]));
  });
});
