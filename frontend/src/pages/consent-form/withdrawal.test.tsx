import type { PartnerCheck } from '@app/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '@/App';
import { testSession } from '@/test/consent-session';
import { jsonResponse, mockFetch, renderApp } from '@/test/render';

const FORM = '/consent/form/ciq-server-1?token=secret-token';
const CHECK: PartnerCheck = {
  attempt: 1,
  maxAttempts: 3,
  retakeAllowed: false,
  heard: 'my name is jamie and i consent',
  answer: 'yes',
  recorded: true,
  endedBySafetyAnswers: false,
  safetyAnswered: true,
};
const granted = testSession({
  aiVerdict: 'granted',
  consentStatus: 'granted',
  verificationTextSent: true,
  check: CHECK,
});

afterEach(() => vi.unstubAllGlobals());

describe("the partner's result screen: 'Withdraw my consent'", () => {
  it('withdraws a granted consent with the link token, after one confirmation', async () => {
    const withdraw = vi.fn((init: RequestInit | undefined) =>
      jsonResponse(
        (init?.headers as Record<string, string>)['X-Recipient-Token'] === 'secret-token'
          ? { ...granted, withdrawnAt: '2030-01-01T00:20:00.000Z' }
          : {},
        200,
      ),
    );
    mockFetch({
      'GET /api/consent/sessions/qr/ciq-server-1': () => jsonResponse(granted),
      'POST /api/consent/sessions/s1/withdraw': withdraw,
    });
    renderApp(<AppRoutes />, { route: FORM });
    const u = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Consent Granted' })).toBeInTheDocument();
    expect(screen.getByText('You can withdraw your consent at any time.')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Withdraw my consent' }));
    expect(withdraw).not.toHaveBeenCalled();
    await u.click(screen.getByRole('button', { name: 'Yes, withdraw my consent' }));

    expect(await screen.findByRole('heading', { name: 'Consent Withdrawn' })).toBeInTheDocument();
    expect(withdraw).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('heading', { name: 'Consent Granted' })).not.toBeInTheDocument();
  });

  it('is not offered for a declined verdict, and a withdrawn session loads as withdrawn', async () => {
    mockFetch({
      'GET /api/consent/sessions/qr/ciq-server-1': () =>
        jsonResponse(
          testSession({
            aiVerdict: 'denied',
            consentStatus: 'denied',
            check: { ...CHECK, answer: 'no', recorded: false },
          }),
        ),
    });
    const first = renderApp(<AppRoutes />, { route: FORM });
    expect(await screen.findByRole('heading', { name: 'Consent Declined' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw my consent' })).not.toBeInTheDocument();
    first.unmount();

    mockFetch({
      'GET /api/consent/sessions/qr/ciq-server-1': () =>
        jsonResponse({ ...granted, withdrawnAt: '2030-01-01T00:20:00.000Z' }),
    });
    renderApp(<AppRoutes />, { route: FORM });
    expect(await screen.findByRole('heading', { name: 'Consent Withdrawn' })).toBeInTheDocument();
  });

  it('is not offered to a browser holding only the link once another phone proved it, nor is the result', async () => {
    mockFetch({
      'GET /api/consent/sessions/qr/ciq-server-1': () =>
        jsonResponse({ ...granted, check: null, phoneVerifiedAt: '2030-01-01T00:05:00.000Z' }),
    });
    renderApp(<AppRoutes />, { route: FORM });

    expect(await screen.findByRole('heading', { name: 'Answered on another phone' })).toBeInTheDocument();
    expect(
      screen.getByText('This consent session is answered on the phone that confirmed the code.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Consent Granted' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw my consent' })).not.toBeInTheDocument();
  });
});
