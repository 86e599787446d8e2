import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '@/App';
import { CONFIRM_MEMBER_CODE, memberPhoneHandlers, SEND_MEMBER_CODE, unprovedMember } from '@/test/member-phone';
import { enterPhoneCode } from '@/test/phone-code';
import { jsonResponse, mockFetch, renderApp, testUser } from '@/test/render';

const refusal = (error: string, code: string, status: number) => () => jsonResponse({ error, code }, status);
const sent = (resendsLeft: number, verified = false) =>
  jsonResponse({ sentTo: '+•• ••• ••78', expiresAt: '2030-01-01T00:10:00.000Z', resendsLeft, verified });

function renderCard(handlers: Parameters<typeof mockFetch>[0] = {}) {
  const fetchMock = mockFetch({ ...memberPhoneHandlers(), ...handlers });
  renderApp(<AppRoutes />, { route: '/consent/new' });
  const calls = (key: string) =>
    fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key);
  return { calls, u: userEvent.setup() };
}

async function textCode(u: ReturnType<typeof userEvent.setup>) {
  await u.click(await screen.findByRole('button', { name: 'Text me a code' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the member's 'Confirm your phone' card", () => {
  it("shows the server's words for a wrong code and stays, then takes the right one", async () => {
    let tries = 0;
    const server = memberPhoneHandlers();
    const { calls, u } = renderCard({
      ...server,
      [CONFIRM_MEMBER_CODE]: () =>
        ++tries === 1
          ? refusal('That code is not right: 4 tries left', 'phone_code_wrong', 400)()
          : server[CONFIRM_MEMBER_CODE](),
    });
    await textCode(u);
    await enterPhoneCode(u, '111111');
    expect(await screen.findByText('That code is not right: 4 tries left')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Confirm your phone' })).toBeInTheDocument();
    expect(calls('GET /api/auth/me')).toHaveLength(1);

    await u.clear(screen.getByLabelText('Code from the text'));
    await enterPhoneCode(u, '222222');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Confirm your phone' })).not.toBeInTheDocument());
    expect(calls('GET /api/auth/me')).toHaveLength(2);
    expect(calls(CONFIRM_MEMBER_CODE).map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
      { code: '111111' },
      { code: '222222' },
    ]);
  });

  it.each([
    ['That code has expired: ask for a new one', 'phone_code_expired', 410],
    ['Too many wrong codes: ask for a new one', 'phone_code_tries_used', 429],
    ['Ask for a code first', 'phone_code_not_sent', 409],
  ])("shows '%s' under the code", async (error, code, status) => {
    const { u } = renderCard({ [CONFIRM_MEMBER_CODE]: refusal(error, code, status) });
    await textCode(u);
    await enterPhoneCode(u);
    expect(await screen.findByText(error)).toBeInTheDocument();
    expect(screen.getByLabelText('Code from the text')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says why when no code can be sent, and keeps the button to try again', async () => {
    let sends = 0;
    const { calls, u } = renderCard({
      [SEND_MEMBER_CODE]: () =>
        ++sends === 1
          ? refusal('Too many codes were asked for in the last hour: try again later', 'phone_code_hourly_limit', 429)()
          : sent(3),
    });
    await textCode(u);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many codes were asked for in the last hour: try again later',
    );
    await textCode(u);
    expect(await screen.findByLabelText('Code from the text')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls(SEND_MEMBER_CODE)).toHaveLength(2);
  });

  it('sends a new code on request, counting down, and says so when none is left', async () => {
    let sends = 0;
    const { calls, u } = renderCard({
      [SEND_MEMBER_CODE]: () =>
        ++sends <= 2
          ? sent(4 - sends)
          : refusal('No more codes can be sent: try again later', 'phone_code_resends_used', 429)(),
    });
    await textCode(u);
    await u.click(await screen.findByRole('button', { name: 'New code (3 left)' }));
    await u.click(await screen.findByRole('button', { name: 'New code (2 left)' }));
    expect(await screen.findByText('No more codes can be sent: try again later')).toBeInTheDocument();
    expect(calls(SEND_MEMBER_CODE).map(([, init]) => JSON.parse(String(init?.body)))).toEqual([{}, {}, {}]);
  });

  it('reads the member again, and the card goes, when the number was already proved (another tab)', async () => {
    let proved = false;
    const { calls, u } = renderCard({
      'GET /api/auth/me': () => jsonResponse(proved ? testUser() : unprovedMember()),
      [SEND_MEMBER_CODE]: () => {
        proved = true;
        return sent(3, true);
      },
    });
    await textCode(u);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Confirm your phone' })).not.toBeInTheDocument());
    expect(calls('GET /api/auth/me')).toHaveLength(2);
    expect(calls(CONFIRM_MEMBER_CODE)).toHaveLength(0);
  });
});
