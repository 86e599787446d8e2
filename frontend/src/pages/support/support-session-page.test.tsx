import type { SupportSessionLookup } from '@app/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '@/App';
import { jsonResponse, mockFetch, renderApp, testUser } from '@/test/render';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ID = '0b8e8f52-3d2a-4a5e-9f7c-1c2d3e4f5a6b';
const OTHER = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const TEXT_ID = '11111111-1111-4111-8111-111111111111';

function lookup(overrides: Partial<SupportSessionLookup> = {}): SupportSessionLookup {
  return {
    session: {
      id: ID,
      qrCodeId: 'ciq-mx-abc123defg',
      initiatorUserId: '6f1c2b0e-8d1a-4c55-9e21-3a7b9c0d1e2f',
      consentStatus: 'granted',
      aiVerdict: 'granted',
      recipientDecision: 'yes',
      verifiedOver18: true,
      videoAssetId: '5d6e7f80-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
      deleteAfterDays: 90,
      expired: false,
      createdAt: '2026-11-22T12:00:00.000Z',
      updatedAt: '2026-11-22T12:06:00.000Z',
      expiresAt: '2026-11-22T12:30:00.000Z',
      consentGrantedTime: '2026-11-22T12:05:00.000Z',
      verificationTextSentAt: '2026-11-22T12:06:00.000Z',
      phoneVerifiedAt: '2026-11-22T12:02:00.000Z',
    },
    timeline: [
      {
        seq: 1,
        event: 'session_created',
        at: '2026-11-22T12:00:00.000Z',
        actor: 'member',
        details: { deleteAfterDays: 90 },
      },
      {
        seq: 2,
        event: 'decision_submitted',
        at: '2026-11-22T12:04:10.000Z',
        actor: 'partner',
        details: { decision: 'yes', withRecording: true },
      },
      {
        seq: 3,
        event: 'verdict_stored',
        at: '2026-11-22T12:05:00.000Z',
        actor: 'system',
        details: { outcome: 'granted', reasons: 'affirmed,name_matches' },
      },
    ],
    chain: { verified: true, length: 3, brokenAtSeq: null, reason: null },
    verdict: {
      outcome: 'granted',
      reasons: ['affirmed', 'name_matches'],
      recogniser: 'pocketsphinx en-us',
      timingsMs: { normalize: 120, transcribe: 900 },
      videoAssetId: '5d6e7f80-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
      phoneVerifiedAt: '2026-11-22T12:02:00.000Z',
      createdAt: '2026-11-22T12:05:00.000Z',
    },
    textMessages: [
      {
        id: TEXT_ID,
        recipient: 'partner',
        purpose: 'verdict',
        phone: '••••••43',
        status: 'failed',
        attempts: 5,
        provider: 'twilio',
        lastError: 'Twilio 21211: [phone] is not valid',
        createdAt: '2026-11-22T12:05:00.000Z',
        sentAt: null,
      },
    ],
    jobs: [
      { queue: 'media-analysis', name: 'analyze-recording', id: ID, state: 'completed' },
      { queue: 'text-messages', name: 'send-text-message', id: TEXT_ID, state: 'failed' },
      { queue: 'session-updates', name: 'push-session-update', id: `${ID}.verdict`, state: 'removed' },
    ],
    ...overrides,
  };
}

function answering(routes: Record<string, () => Response>) {
  return mockFetch({ 'GET /api/auth/me': () => jsonResponse(testUser()), ...routes });
}

const refused = (status: number, code: string) => () => jsonResponse({ error: 'refused', code }, status);

describe('/admin/sessions/:id', () => {
  it("shows the session's timeline with its chain verified, its jobs' states, the masked phone and the verdict's reasons", async () => {
    answering({ [`GET /api/admin/sessions/${ID}`]: () => jsonResponse(lookup()) });
    renderApp(<AppRoutes />, { route: `/admin/sessions/${ID}` });
    expect(await screen.findByText('Chain verified (3 entries)')).toBeInTheDocument();
    expect(screen.getByText('1. session_created')).toBeInTheDocument();
    expect(screen.getByText('2. decision_submitted')).toBeInTheDocument();
    expect(screen.getByText('by partner, 2026-11-22 12:04:10 UTC')).toBeInTheDocument();
    expect(screen.getByText('decision: yes, withRecording: true')).toBeInTheDocument();
    expect(screen.getByText('affirmed, name_matches')).toBeInTheDocument();
    expect(screen.getByText('••••••43')).toBeInTheDocument();
    expect(screen.getByText('Twilio 21211: [phone] is not valid')).toBeInTheDocument();
    const jobRows = screen.getAllByRole('row').map((row) => row.textContent);
    expect(jobRows).toContain(`media-analysisanalyze-recording${ID}completed`);
    expect(jobRows).toContain(`session-updatespush-session-update${ID}.verdictremoved`);
    expect(screen.getAllByText(/Transcripts are never shown to support/).length).toBeGreaterThan(0);
    expect(screen.queryByText(/BROKEN/)).not.toBeInTheDocument();
  });

  it('marks a chain that does not verify as BROKEN, with where it breaks', async () => {
    answering({
      [`GET /api/admin/sessions/${ID}`]: () =>
        jsonResponse(
          lookup({ chain: { verified: false, length: 3, brokenAtSeq: 2, reason: 'row content was altered' } }),
        ),
    });
    renderApp(<AppRoutes />, { route: `/admin/sessions/${ID}` });
    expect(await screen.findByText('Chain BROKEN at entry 2: row content was altered')).toBeInTheDocument();
    expect(screen.queryByText(/Chain verified/)).not.toBeInTheDocument();
  });

  it('tells a member the page is for support staff (403)', async () => {
    answering({ [`GET /api/admin/sessions/${ID}`]: refused(403, 'role_required') });
    renderApp(<AppRoutes />, { route: `/admin/sessions/${ID}` });
    expect(await screen.findByRole('heading', { name: 'Support staff only' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Your account does not have the support role.');
    expect(screen.queryByText('Timeline')).not.toBeInTheDocument();
  });

  it('tells a signed-out visitor the page is for support staff and offers to sign in (401)', async () => {
    mockFetch({
      'GET /api/auth/me': () => new Response('', { status: 401 }),
      [`GET /api/admin/sessions/${ID}`]: refused(401, 'unauthenticated'),
    });
    renderApp(<AppRoutes />, { route: `/admin/sessions/${ID}` });
    expect(await screen.findByRole('heading', { name: 'Support staff only' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('says when there is no such session', async () => {
    answering({ [`GET /api/admin/sessions/${ID}`]: refused(404, 'session_not_found') });
    renderApp(<AppRoutes />, { route: `/admin/sessions/${ID}` });
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no session with this id.');
  });

  it('looks up another id from the form, and refuses one that is not a session id', async () => {
    const fetchMock = answering({
      [`GET /api/admin/sessions/${ID}`]: () => jsonResponse(lookup()),
      [`GET /api/admin/sessions/${OTHER}`]: () => jsonResponse(lookup({ session: { ...lookup().session, id: OTHER } })),
    });
    renderApp(<AppRoutes />, { route: `/admin/sessions/${ID}` });
    await screen.findByText('Chain verified (3 entries)');
    const u = userEvent.setup();
    const field = screen.getByLabelText('Session id');
    await u.clear(field);
    await u.type(field, 'ciq-not-an-id');
    await u.click(screen.getByRole('button', { name: 'Look up' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a session id (a UUID).');

    await u.clear(field);
    await u.type(field, ` ${OTHER.toUpperCase()} `);
    await u.click(screen.getByRole('button', { name: 'Look up' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/admin/sessions/${OTHER}`));
    expect(await screen.findByText(OTHER, { selector: 'dd' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === `/api/admin/sessions/${OTHER}`)).toBe(true);
  });

  it('shows only the form without an id', async () => {
    const fetchMock = answering({});
    renderApp(<AppRoutes />, { route: '/admin/sessions' });
    expect(await screen.findByRole('heading', { name: 'Session lookup' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/admin/'))).toBe(false);
  });
});
