import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/date-time';
import { testSession } from '@/test/consent-session';
import { openLiveSockets } from '@/test/fake-live-socket';
import { openMemberSession, pushToMember } from '@/test/member-session';

const RETAKE_UNTIL = '2030-01-01T00:15:00.000Z';
const analysing = testSession({ aiVerdict: 'processing', recipientFullName: 'Jordan Lee' });
const recordingAgain = { ...analysing, retakeUntil: RETAKE_UNTIL };
const endedUnrecorded = {
  ...analysing,
  aiVerdict: 'denied' as const,
  consentStatus: 'denied' as const,
  deniedBecause: 'recording' as const,
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("the member's session screen while the partner records again", () => {
  it("says so, live, with the window's end and a way home; back to the analysis once the new take is in", async () => {
    openMemberSession(analysing);
    expect(await screen.findByRole('heading', { name: 'AI is Analyzing' })).toBeInTheDocument();

    await pushToMember(recordingAgain);
    expect(await screen.findByRole('heading', { name: 'Your partner is recording again' })).toBeInTheDocument();
    expect(screen.getByText(/This can take a minute/)).toBeInTheDocument();
    const deadline = screen.getByText(formatDateTime(RETAKE_UNTIL)!);
    expect(deadline).toHaveAttribute('dateTime', RETAKE_UNTIL);
    expect(deadline.parentElement).toHaveTextContent(
      /If they have not recorded again by .+, this check ends with no consent\./,
    );
    expect(screen.getByRole('button', { name: 'Back to home' })).toBeEnabled();
    expect(screen.queryByText('AI is Analyzing')).not.toBeInTheDocument();

    await pushToMember(analysing);
    expect(await screen.findByRole('heading', { name: 'AI is Analyzing' })).toBeInTheDocument();
    expect(screen.queryByText('Your partner is recording again')).not.toBeInTheDocument();
  });

  it('shows it after a reload too, and Back to home leaves', async () => {
    openMemberSession(recordingAgain);
    expect(await screen.findByRole('heading', { name: 'Your partner is recording again' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to home' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
  });

  it('ends, when the window lapses unrecorded, with the result and a way to start a new check-in', async () => {
    openMemberSession(recordingAgain);
    expect(await screen.findByRole('heading', { name: 'Your partner is recording again' })).toBeInTheDocument();

    await pushToMember(endedUnrecorded);
    expect(await screen.findByRole('heading', { name: 'No Consent' })).toBeInTheDocument();
    expect(screen.queryByText('Your partner is recording again')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeEnabled();
    // The check has ended: nothing more is followed.
    await waitFor(() => expect(openLiveSockets()).toEqual([]));
    await userEvent.click(screen.getByRole('button', { name: 'Request another check in' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/consent/new'));
  });
});
