import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testSession } from '@/test/consent-session';
import { openMemberSession, pushToMember } from '@/test/member-session';

const denied = (deniedBecause: 'answer' | 'recording') =>
  testSession({ aiVerdict: 'denied', consentStatus: 'denied', deniedBecause });

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("the member's session screen after a denial", () => {
  it("tells a partner's clear no as the spec's No Consent", async () => {
    openMemberSession(denied('answer'));
    expect(await screen.findByRole('heading', { name: 'No Consent' })).toBeInTheDocument();
    expect(screen.getByText('Your partner did not give consent. Please respect their answer.')).toBeInTheDocument();
    expect(screen.queryByText(/recording/)).not.toBeInTheDocument();
  });

  it('tells a recording that could not confirm consent as such, still a no, as it is pushed', async () => {
    openMemberSession(testSession({ aiVerdict: 'processing' }));
    expect(await screen.findByRole('heading', { name: 'AI is Analyzing' })).toBeInTheDocument();
    await pushToMember(denied('recording'));
    expect(await screen.findByRole('heading', { name: 'No Consent' })).toBeInTheDocument();
    expect(screen.getByText("We couldn't confirm consent from the recording. Treat it as a no.")).toBeInTheDocument();
    expect(screen.queryByText(/respect their answer/)).not.toBeInTheDocument();
  });
});
