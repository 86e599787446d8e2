import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '@/App';
import { SAFETY_QUESTIONS } from '@/content/safety';
import { SAFETY_SUPPORT } from '@/content/safety-support';
import { stubCamera } from '@/test/camera';
import { testSession } from '@/test/consent-session';
import { enterPhoneCode, PHONE_CODE_HANDLERS } from '@/test/phone-code';
import { jsonResponse, mockFetch, renderApp, sentBody } from '@/test/render';

const FORM = '/consent/form/ciq-server-1?token=secret-token';
const QR_PATH = 'GET /api/consent/sessions/qr/ciq-server-1';
const SAFETY_CHECK = 'POST /api/consent/sessions/s1/safety-check';
const ENDED = testSession({
  consentStatus: 'denied',
  aiVerdict: 'denied',
  check: {
    attempt: 0,
    maxAttempts: 3,
    retakeAllowed: false,
    heard: null,
    answer: 'no',
    recorded: false,
    endedBySafetyAnswers: true,
    safetyAnswered: false,
  },
});

async function toQuestions(handlers: Parameters<typeof mockFetch>[0]) {
  const fetchMock = mockFetch({ [QR_PATH]: () => jsonResponse(testSession()), ...PHONE_CODE_HANDLERS, ...handlers });
  renderApp(<AppRoutes />, { route: FORM });
  const u = userEvent.setup();
  await u.type(await screen.findByLabelText('Your name'), 'Jamie Lee');
  await u.type(screen.getByLabelText('Phone number'), '+15550100');
  await u.click(within(screen.getByRole('group', { name: 'Are you over 18?' })).getByRole('button', { name: 'Yes' }));
  await u.click(screen.getByRole('button', { name: 'Continue' }));
  await enterPhoneCode(u);
  expect(await screen.findByRole('heading', { name: 'Just for you' })).toBeInTheDocument();
  const answer = (question: string, value: 'Yes' | 'No') =>
    u.click(within(screen.getByRole('group', { name: question })).getByRole('button', { name: value }));
  return { fetchMock, u, answer };
}

const calls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([url, init]) => `${init?.method} ${String(url)}` === SAFETY_CHECK);
const [FREE, CLEAR] = SAFETY_QUESTIONS.map((question) => question.text);

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('/consent/form: the private safety questions', () => {
  it('asks both questions before the camera opens; both Yes go on to the recording, the answers sent once', async () => {
    const getUserMedia = stubCamera();
    const { fetchMock, u, answer } = await toQuestions({ [SAFETY_CHECK]: () => jsonResponse(testSession()) });
    expect(screen.getByText('Step 3 of 5')).toBeInTheDocument();
    expect([FREE, CLEAR]).toEqual([
      'Do you feel free to say no right now?',
      'Are you clear-headed enough to decide (not too drunk or high)?',
    ]);
    expect(getUserMedia).not.toHaveBeenCalled();

    await answer(FREE, 'Yes');
    await answer(CLEAR, 'Yes');
    await u.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { name: 'Saying Yes?' })).toBeInTheDocument();
    await waitFor(() => expect(getUserMedia).toHaveBeenCalled());
    expect(calls(fetchMock)).toHaveLength(1);
    expect(calls(fetchMock)[0][1]?.headers).toMatchObject({ 'X-Recipient-Token': 'secret-token' });
    expect(sentBody(fetchMock, '/api/consent/sessions/s1/safety-check')).toEqual({
      freeToSayNo: true,
      clearHeaded: true,
      recipientFullName: 'Jamie Lee',
      recipientPhone: '+15550100',
    });
  });

  it('needs both answers: one missing sends nothing', async () => {
    stubCamera();
    const { fetchMock, u, answer } = await toQuestions({ [SAFETY_CHECK]: () => jsonResponse(testSession()) });
    await answer(FREE, 'Yes');
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please answer both questions.');
    expect(calls(fetchMock)).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Just for you' })).toBeInTheDocument();
  });

  it.each([
    ['free to say no', 'No', 'Yes', { freeToSayNo: false, clearHeaded: true }],
    ['clear-headed', 'Yes', 'No', { freeToSayNo: true, clearHeaded: false }],
  ] as const)(
    'a No (%s) shows the support resources, never the camera, and sends the answers once',
    async (_question, free, clear, sent) => {
      const getUserMedia = stubCamera();
      const { fetchMock, u, answer } = await toQuestions({ [SAFETY_CHECK]: () => jsonResponse(ENDED) });
      await answer(FREE, free);
      await answer(CLEAR, clear);
      await u.click(screen.getByRole('button', { name: 'Continue' }));

      expect(await screen.findByRole('heading', { name: SAFETY_SUPPORT.title })).toBeInTheDocument();
      for (const { phone } of SAFETY_SUPPORT.resources)
        expect(screen.getByRole('link', { name: phone })).toHaveAttribute(
          'href',
          `tel:${phone.replace(/[^\d+]/g, '')}`,
        );
      expect(screen.queryByRole('heading', { name: 'Consent Declined' })).not.toBeInTheDocument();
      expect(calls(fetchMock)).toHaveLength(1);
      expect(sentBody(fetchMock, '/api/consent/sessions/s1/safety-check')).toMatchObject(sent);
      expect(getUserMedia).not.toHaveBeenCalled();
    },
  );

  it('shows the support again after a reload of a session the safety answers ended', async () => {
    stubCamera();
    mockFetch({ [QR_PATH]: () => jsonResponse(ENDED) });
    renderApp(<AppRoutes />, { route: FORM });
    expect(await screen.findByRole('heading', { name: SAFETY_SUPPORT.title })).toBeInTheDocument();
  });
});
