import type { ConsentSession } from '@app/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '@/App';
import { dismissToast } from '@/components/ui/use-toast';
import { FakeRecorder, stubMedia } from '@/test/camera';
import { testSession } from '@/test/consent-session';
import { type FakeLiveSocket, liveServer, liveSockets, openLiveSockets } from '@/test/fake-live-socket';
import { advance, expectPolling, expectQuietWhileConnected } from '@/test/live-polling';
import { CONFIRM_CODE, enterPhoneCode, PHONE_CODE_HANDLERS, SEND_CODE } from '@/test/phone-code';
import { jsonResponse, mockFetch, renderApp } from '@/test/render';

const FORM = '/consent/form/ciq-server-1?token=secret-token';
const QR_PATH = 'GET /api/consent/sessions/qr/ciq-server-1';

const SAFETY_CHECK = 'POST /api/consent/sessions/s1/safety-check';
const HOLD_URL = '/api/consent/sessions/s1/held-analysis';
const HOLD = `POST ${HOLD_URL}`;

function openForm(handlers: Parameters<typeof mockFetch>[0], route = FORM) {
  // Both safety answers Yes leave the session open (safety-step.test.tsx tests the step itself).
  const fetchMock = mockFetch({
    ...PHONE_CODE_HANDLERS,
    [SAFETY_CHECK]: () => jsonResponse(testSession()),
    ...handlers,
  });
  renderApp(<AppRoutes />, { route });
  return { fetchMock, u: userEvent.setup() };
}

const pending = { [QR_PATH]: () => jsonResponse(testSession()) };

async function fillDetails(u: ReturnType<typeof userEvent.setup>) {
  await u.type(await screen.findByLabelText('Your name'), 'Jamie Lee');
  await u.type(screen.getByLabelText('Phone number'), '+15550100');
  await u.click(screen.getByRole('group', { name: 'Are you over 18?' }).querySelector('button')!);
  await u.click(screen.getByRole('button', { name: 'Continue' }));
  await enterPhoneCode(u);
  await screen.findByRole('heading', { name: 'Just for you' });
  for (const question of await screen.findAllByRole('group'))
    await u.click(within(question).getByRole('button', { name: 'Yes' }));
  await u.click(screen.getByRole('button', { name: 'Continue' }));
}

/** Goes from step 0 to step 2 with a recording. */
async function record(u: ReturnType<typeof userEvent.setup>) {
  await fillDetails(u);
  await recordStatement(u);
}

/** Goes from step 1 to step 2 with a recording. */
async function recordStatement(u: ReturnType<typeof userEvent.setup>) {
  expect(await screen.findByRole('heading', { name: 'Saying Yes?' })).toBeInTheDocument();
  const start = screen.getByRole('button', { name: 'Start recording' });
  await waitFor(() => expect(start).toBeEnabled());
  await u.click(start);
  await u.click(await screen.findByRole('button', { name: 'Stop recording' }));
  expect(await screen.findByRole('heading', { name: 'Review & Consent' })).toBeInTheDocument();
}

function formKeys(body: unknown): string[] {
  return [...(body as FormData).keys()];
}

afterEach(() => {
  act(() => dismissToast());
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'mediaDevices');
  FakeRecorder.data = new Blob([new Uint8Array(3 * 1024)], { type: 'video/webm' });
  FakeRecorder.failToStart = false;
});

describe('/consent/form: loading the session', () => {
  it('shows the first step with its loading note while the session loads, then who is asking and the form', async () => {
    stubMedia();
    let answer = () => {};
    openForm({
      [QR_PATH]: () => new Promise<Response>((resolve) => (answer = () => resolve(jsonResponse(testSession())))),
    });
    expect(await screen.findByText('Loading consent session...')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('heading', { name: 'Your details' })).toBeInTheDocument();
    const nextSteps = screen.getByText(/^Next, we text a code to your phone/);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();

    answer();
    expect(await screen.findByLabelText('Your name')).toBeInTheDocument();
    expect(screen.queryByText('Loading consent session...')).not.toBeInTheDocument();
    expect(screen.getByText(/^Next, we text a code to your phone/).textContent).toBe(nextSteps.textContent);
  });

  it("shows 'Session Not Found' with the QR id and the server's text for a 404", async () => {
    const { fetchMock } = openForm({
      [QR_PATH]: () => jsonResponse({ error: 'This consent session is invalid or has expired.' }, 404),
    });
    expect(await screen.findByRole('heading', { name: 'Session Not Found' })).toBeInTheDocument();
    expect(screen.getByText('ciq-server-1')).toBeInTheDocument();
    expect(screen.getByText('This consent session is invalid or has expired.')).toBeInTheDocument();
    const lookup = fetchMock.mock.calls.find(([url]) => url === '/api/consent/sessions/qr/ciq-server-1');
    expect(lookup?.[1]?.headers).toMatchObject({ 'X-Recipient-Token': 'secret-token' });
  });

  it.each([
    ['no token', '/consent/form/ciq-server-1'],
    ['no QR id', '/consent/form?token=secret-token'],
  ])("shows 'Session Not Found' without asking the server when the link has %s", async (_case, route) => {
    const { fetchMock } = openForm({}, route);
    expect(await screen.findByRole('heading', { name: 'Session Not Found' })).toBeInTheDocument();
    expect(screen.getByText('This consent session is invalid or has expired.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/consent'))).toBe(false);
  });

  it('shows the result at once for a session that already has a verdict', async () => {
    openForm({ [QR_PATH]: () => jsonResponse(testSession({ consentStatus: 'granted', aiVerdict: 'granted' })) });
    expect(await screen.findByRole('heading', { name: 'Consent Granted' })).toBeInTheDocument();
    expect(screen.getByText('Your recording is encrypted and stored securely.')).toBeInTheDocument();
    // No text message is claimed until one is really sent.
    expect(screen.queryByText(/text has been sent/)).not.toBeInTheDocument();
  });

  it('shows the analysis for a session already being processed, then polls for the verdict', async () => {
    const { fetchMock } = openForm({
      [QR_PATH]: () => jsonResponse(testSession({ aiVerdict: 'processing' })),
      'GET /api/consent/sessions/s1': () => jsonResponse(testSession({ consentStatus: 'denied', aiVerdict: 'denied' })),
    });
    expect(await screen.findByRole('heading', { name: 'Analysing' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Consent Declined' })).toBeInTheDocument();
    const poll = fetchMock.mock.calls.find(([url]) => url === '/api/consent/sessions/s1');
    expect(poll?.[1]?.headers).toMatchObject({ 'X-Recipient-Token': 'secret-token' });
  });

  it.each([
    ['there is no camera API', { camera: false, recorder: false }, 'Camera access not supported in this browser'],
    ['MediaRecorder is missing', { camera: true, recorder: false }, 'Video recording not supported in this browser'],
  ])("shows 'Browser Not Supported' when %s", async (_case, { camera, recorder }, message) => {
    if (camera) stubMedia({ recorder });
    openForm(pending);
    expect(await screen.findByRole('heading', { name: 'Browser Not Supported' })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    for (const browser of ['Chrome 47+', 'Firefox 29+', 'Safari 14.1+', 'Edge 79+'])
      expect(screen.getByText(browser)).toBeInTheDocument();
  });
});

describe('/consent/form: step 0', () => {
  it('shows who is asking and every validation message', async () => {
    stubMedia();
    const { u } = openForm(pending);
    expect(await screen.findByText('Alex Doe')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    expect(screen.getByText('You must be over 18 to continue')).toBeInTheDocument();
  });

  it('focuses the first missing field on Continue, then checks each field again as it changes', async () => {
    stubMedia();
    const { u } = openForm(pending);
    const name = await screen.findByLabelText('Your name');
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(name).toHaveFocus();

    await u.type(name, 'Jamie');
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByLabelText('Phone number')).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'Your details' })).toBeInTheDocument();
  });

  it('only continues (to the safety questions) once the partner says they are over 18', async () => {
    stubMedia();
    const { u } = openForm(pending);
    await u.type(await screen.findByLabelText('Your name'), 'Jamie Lee');
    await u.type(screen.getByLabelText('Phone number'), '+15550100');
    const age = screen.getByRole('group', { name: 'Are you over 18?' });
    const [yes, no] = [...age.querySelectorAll('button')];
    expect(yes).toHaveAttribute('aria-pressed', 'false');

    await u.click(no);
    expect(no).toHaveAttribute('aria-pressed', 'true');
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('You must be over 18 to continue')).toBeInTheDocument();

    await u.click(yes);
    expect(yes).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(screen.queryByText('You must be over 18 to continue')).not.toBeInTheDocument());
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Confirm your phone' })).toBeInTheDocument();
  });
});

describe('/consent/form: recording', () => {
  it('asks for 720x480 video with unprocessed audio, records, then releases the camera', async () => {
    const { getUserMedia, track } = stubMedia();
    const { u } = openForm(pending);
    await record(u);
    expect(getUserMedia).toHaveBeenCalledWith({
      video: expect.objectContaining({ width: 720, height: 480 }),
      audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false },
    });
    expect(track.stop).toHaveBeenCalled();
    expect(screen.getByText('3 KB')).toBeInTheDocument();
  });

  it('plays the recording back at the review step from the browser', async () => {
    const { createObjectURL, revokeObjectURL } = stubMedia();
    const { u } = openForm(pending);
    await record(u);
    const playback = screen.getByLabelText('Your recording');
    expect(playback.tagName).toBe('VIDEO');
    expect(playback).toHaveAttribute('src', `blob:recording-${FakeRecorder.data.size}`);
    expect(playback).toHaveAttribute('controls');
    expect(createObjectURL).toHaveBeenCalledWith(FakeRecorder.data);

    // Leaving the step lets the browser free the recording's address.
    await u.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { name: 'Saying Yes?' });
    expect(revokeObjectURL).toHaveBeenCalledWith(`blob:recording-${FakeRecorder.data.size}`);
  });

  it('opens the camera only at the recording step, and releases it the moment the partner answers No there', async () => {
    const { getUserMedia, track } = stubMedia();
    let answerRefusal: () => void = () => {};
    const { u } = openForm({
      ...pending,
      'PATCH /api/consent/sessions/s1/status': () =>
        new Promise<Response>(
          (resolve) =>
            (answerRefusal = () =>
              resolve(jsonResponse(testSession({ consentStatus: 'denied', aiVerdict: 'denied' })))),
        ),
    });
    await screen.findByLabelText('Your name');
    expect(getUserMedia).not.toHaveBeenCalled();
    await fillDetails(u);
    await waitFor(() => expect(getUserMedia).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Start recording' })).toBeEnabled());
    expect(track.stop).not.toHaveBeenCalled();

    await u.click(screen.getByRole('button', { name: "No, I don't consent" }));
    // Off before the server has even answered.
    expect(track.stop).toHaveBeenCalled();
    expect(screen.getByText('Camera off')).toBeInTheDocument();
    answerRefusal();
    expect(await screen.findByRole('heading', { name: 'Consent Declined' })).toBeInTheDocument();
    expect(getUserMedia).toHaveBeenCalledTimes(1);
  });

  it('stops by itself after 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      stubMedia();
      mockFetch({ ...PHONE_CODE_HANDLERS, [SAFETY_CHECK]: () => jsonResponse(testSession()), ...pending });
      renderApp(<AppRoutes />, { route: FORM });
      const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await fillDetails(u);
      const start = await screen.findByRole('button', { name: 'Start recording' });
      await waitFor(() => expect(start).toBeEnabled());
      await u.click(start);
      await act(() => vi.advanceTimersByTimeAsync(29_000));
      expect(screen.getByRole('timer')).toHaveTextContent('29s / 30s');
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      expect(await screen.findByRole('heading', { name: 'Review & Consent' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it("toasts 'Camera access denied' when the partner refuses the camera", async () => {
    stubMedia({ getUserMedia: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) });
    const { u } = openForm(pending);
    await fillDetails(u);
    expect(await screen.findByText('Camera access denied')).toBeInTheDocument();
    expect(screen.getByText('Please allow camera access to record consent video.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Saying Yes?' })).toBeInTheDocument();
  });

  it("shows 'Camera access not available' when there is no usable camera", async () => {
    stubMedia({ getUserMedia: () => Promise.reject(new DOMException('none', 'NotFoundError')) });
    const { u } = openForm(pending);
    await fillDetails(u);
    expect(await screen.findByRole('heading', { name: 'Browser Not Supported' })).toBeInTheDocument();
    expect(screen.getByText('Camera access not available')).toBeInTheDocument();
  });

  it("toasts 'Recording failed' when MediaRecorder cannot start", async () => {
    stubMedia();
    FakeRecorder.failToStart = true;
    const { u } = openForm(pending);
    await fillDetails(u);
    const start = await screen.findByRole('button', { name: 'Start recording' });
    await waitFor(() => expect(start).toBeEnabled());
    await u.click(start);
    expect(await screen.findByText('Recording failed')).toBeInTheDocument();
    expect(screen.getByText('Unable to start video recording.')).toBeInTheDocument();
  });
});

describe('/consent/form: answering', () => {
  // The spec's page as it runs without a live socket (none could connect): it polls every 2 s.
  beforeEach(() => {
    liveServer.reachable = false;
  });
  const answered = (overrides: Partial<ConsentSession>) => () => jsonResponse(testSession(overrides));
  /** Every call of a submission answers; the analysis is running, and the session's poll answers `poll`. */
  const submitted = (poll: Partial<ConsentSession>) => ({
    ...pending,
    'POST /api/video/assets': () => jsonResponse({ id: 'va1' }, 201),
    'POST /api/upload': () => jsonResponse({ id: 'va1' }, 201),
    [HOLD]: () => jsonResponse({ videoAssetId: 'va1', held: true }, 202),
    'POST /api/consent/process-video': answered({ aiVerdict: 'processing' }),
    'GET /api/consent/sessions/s1': answered(poll),
  });

  it('uploads the recording as it is recorded, has it analysed while reviewed, then answers with it and shows the verdict', async () => {
    stubMedia();
    const { fetchMock, u } = openForm(submitted({ consentStatus: 'granted', aiVerdict: 'granted' }));
    await record(u);
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === HOLD_URL)).toBe(true));
    await u.click(screen.getByRole('button', { name: 'Yes, I consent' }));

    expect(await screen.findByRole('heading', { name: 'Consent Granted' })).toBeInTheDocument();
    const sent = fetchMock.mock.calls.filter(
      ([url]) => !String(url).startsWith('/api/auth') && !String(url).includes('/qr/'),
    );
    expect(sent.map(([url, init]) => `${init?.method} ${String(url)}`)).toEqual([
      SEND_CODE,
      CONFIRM_CODE,
      SAFETY_CHECK,
      'POST /api/video/assets',
      'POST /api/upload',
      HOLD,
      'POST /api/consent/process-video',
      'GET /api/consent/sessions/s1',
    ]);
    for (const [, init] of sent) expect(init?.headers).toMatchObject({ 'X-Recipient-Token': 'secret-token' });

    expect(JSON.parse(String(sent[0][1]?.body))).toEqual({ recipientPhone: '+15550100' });
    const asset = JSON.parse(String(sent[3][1]?.body)) as Record<string, unknown>;
    expect(asset).toEqual({
      sessionId: 's1',
      filename: 'consent-s1.webm',
      mimeType: 'video/webm',
      fileSize: 3 * 1024,
      storageKey: expect.stringMatching(/^consent-videos\/s1\/\d+$/),
      isEncrypted: true,
    });

    const upload = sent[4][1]?.body as FormData;
    expect(formKeys(upload)).toEqual(['sessionId', 'videoAssetId', 'video']);
    expect(upload.get('videoAssetId')).toBe('va1');
    expect((upload.get('video') as File).size).toBe(3 * 1024);

    expect(JSON.parse(String(sent[5][1]?.body))).toEqual({ videoAssetId: 'va1', fullName: 'Jamie Lee' });

    const analysis = sent[6][1]?.body as FormData;
    expect(formKeys(analysis)).toEqual([
      'sessionId',
      'decision',
      'recipient_full_name',
      'recipient_phone',
      'is_over_18',
      'videoAssetId',
    ]);
    expect(Object.fromEntries(analysis.entries())).toEqual({
      sessionId: 's1',
      decision: 'yes',
      recipient_full_name: 'Jamie Lee',
      recipient_phone: '+15550100',
      is_over_18: 'true',
      videoAssetId: 'va1',
    });
  });

  it('keeps the buttons disabled and shows the analysis while waiting for the verdict', async () => {
    stubMedia();
    const { u } = openForm(submitted({ aiVerdict: 'processing' }));
    await record(u);
    await u.click(screen.getByRole('button', { name: "No, I don't consent" }));

    expect(await screen.findByText('AI is analysing your recording…')).toBeInTheDocument();
    for (const name of ['Yes, I consent', "No, I don't consent", 'Back'])
      expect(screen.getByRole('button', { name })).toBeDisabled();
  });

  it.each([
    [
      'the upload',
      { 'POST /api/upload': () => jsonResponse({ error: 'Recording is too large' }, 413) },
      'Upload failed: Recording is too large',
      'Something went wrong — please try again.',
    ],
    [
      'the analysis',
      {
        'POST /api/upload': () => jsonResponse({ id: 'va1' }, 201),
        'POST /api/consent/process-video': () => jsonResponse({ error: 'A stored recording is required' }, 400),
      },
      'AI processing failed: A stored recording is required',
      'AI processing failed - please try again',
    ],
  ])(
    "shows 'Failed to record consent' when %s fails, and lets the partner try again",
    async (_case, handlers, message, notice) => {
      stubMedia();
      const { u } = openForm({
        ...pending,
        'POST /api/video/assets': () => jsonResponse({ id: 'va1' }, 201),
        ...handlers,
      });
      await record(u);
      await u.click(screen.getByRole('button', { name: 'Yes, I consent' }));

      expect(await screen.findByText('Failed to record consent')).toBeInTheDocument();
      expect(screen.getByText(message)).toBeInTheDocument();
      expect(screen.getByText(notice)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Yes, I consent' })).toBeEnabled();
    },
  );

  const ALREADY_ANSWERED = () =>
    jsonResponse({ error: 'This consent session has already been answered', code: 'already_answered' }, 409);

  it('reads the session again when the analysis call is told the session was already answered, and shows its verdict', async () => {
    stubMedia();
    const { fetchMock, u } = openForm({
      ...pending,
      'POST /api/video/assets': () => jsonResponse({ id: 'va1' }, 201),
      'POST /api/upload': () => jsonResponse({ id: 'va1' }, 201),
      // The earlier answer reached the server; only its 202 was lost.
      'POST /api/consent/process-video': ALREADY_ANSWERED,
      'GET /api/consent/sessions/s1': answered({ consentStatus: 'granted', aiVerdict: 'granted' }),
    });
    await record(u);
    await u.click(screen.getByRole('button', { name: 'Yes, I consent' }));

    expect(await screen.findByRole('heading', { name: 'Consent Granted' })).toBeInTheDocument();
    expect(screen.queryByText('Failed to record consent')).not.toBeInTheDocument();
    const reads = fetchMock.mock.calls.filter(([url]) => url === '/api/consent/sessions/s1');
    expect(reads).toHaveLength(1);
    expect(reads[0][1]?.headers).toMatchObject({ 'X-Recipient-Token': 'secret-token' });
  });

  it('treats a retry refused as already answered as sent: shows the analysis and polls for the verdict', async () => {
    stubMedia();
    let analyses = 0;
    let reads = 0;
    const { fetchMock, u } = openForm({
      ...pending,
      'POST /api/video/assets': () => jsonResponse({ id: 'va1' }, 201),
      'POST /api/upload': () => jsonResponse({ id: 'va1' }, 201),
      // Stored as recorded; the first answer's reply is lost, and its retry with the same take is refused.
      'POST /api/consent/process-video': () => {
        if (++analyses === 1) throw new TypeError('Failed to fetch');
        return ALREADY_ANSWERED();
      },
      'GET /api/consent/sessions/s1': () =>
        jsonResponse(
          testSession(++reads === 1 ? { aiVerdict: 'processing' } : { consentStatus: 'denied', aiVerdict: 'denied' }),
        ),
    });
    await record(u);
    await u.click(screen.getByRole('button', { name: "No, I don't consent" }));
    expect(await screen.findByText('AI processing failed: Failed to fetch')).toBeInTheDocument();
    act(() => dismissToast());

    await u.click(screen.getByRole('button', { name: "No, I don't consent" }));
    // The session read again is still being analysed: the verdict only comes from the poll that follows.
    expect(await screen.findByRole('heading', { name: 'Consent Declined' })).toBeInTheDocument();
    expect(screen.getByText('Your answer has been recorded. No means no.')).toBeInTheDocument();
    expect(screen.queryByText('Failed to record consent')).not.toBeInTheDocument();
    expect(reads).toBe(2);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/upload')).toHaveLength(1);
  });

  it.each([
    ['another 409', () => jsonResponse({ error: 'This recording is already stored' }, 409)],
    [
      'the same text with another status',
      () => jsonResponse({ error: 'This consent session has already been answered' }, 400),
    ],
  ])('keeps the failure for %s and does not read the session again', async (_case, refusal) => {
    stubMedia();
    const { fetchMock, u } = openForm({
      ...pending,
      'POST /api/video/assets': () => jsonResponse({ id: 'va1' }, 201),
      'POST /api/upload': refusal,
      'GET /api/consent/sessions/s1': answered({ consentStatus: 'granted', aiVerdict: 'granted' }),
    });
    await record(u);
    await u.click(screen.getByRole('button', { name: 'Yes, I consent' }));

    expect(await screen.findByText('Failed to record consent')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong — please try again.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/consent/sessions/s1')).toBe(false);
  });

  it.each([
    [
      'no clear yes was heard, not that they said no',
      'recording',
      "We couldn't hear a clear yes, so it counts as a no.",
      /No means no|You said/,
    ],
    [
      'they said they do not consent, when the recording refused',
      'answer',
      'You said you do not consent.',
      /No means no|clear yes/,
    ],
  ] as const)('tells a partner who pressed Yes that %s', async (_case, deniedBecause, text, notShown) => {
    stubMedia();
    const { u } = openForm(submitted({ consentStatus: 'denied', aiVerdict: 'denied', deniedBecause }));
    await record(u);
    await u.click(screen.getByRole('button', { name: 'Yes, I consent' }));

    expect(await screen.findByRole('heading', { name: 'Consent Declined' })).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.queryByText(notShown)).not.toBeInTheDocument();
  });

  it("toasts 'Missing data' and sends nothing without a recording", async () => {
    stubMedia();
    FakeRecorder.data = new Blob([], { type: 'video/webm' });
    const { fetchMock, u } = openForm(pending);
    await record(u);
    await u.click(screen.getByRole('button', { name: 'Yes, I consent' }));

    expect(await screen.findByText('Missing data')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/video/assets')).toBe(false);
  });

  it('goes back to recording with the back button', async () => {
    stubMedia();
    const { u } = openForm(pending);
    await record(u);
    await u.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Saying Yes?' })).toBeInTheDocument();
  });
});

describe('/consent/form: a refusal never waits', () => {
  const STATUS = 'PATCH /api/consent/sessions/s1/status';
  const declined = () => jsonResponse(testSession({ consentStatus: 'denied', aiVerdict: 'denied' }));

  it("offers 'No, I don't consent' on the details step and stores the refusal at once, without a recording", async () => {
    stubMedia();
    const { fetchMock, u } = openForm({ ...pending, [STATUS]: declined });
    await screen.findByLabelText('Your name');
    await u.click(screen.getByRole('button', { name: "No, I don't consent" }));

    expect(await screen.findByRole('heading', { name: 'Consent Declined' })).toBeInTheDocument();
    const refusals = fetchMock.mock.calls.filter(([url, init]) => `${init?.method} ${String(url)}` === STATUS);
    expect(refusals).toHaveLength(1);
    expect(JSON.parse(String(refusals[0][1]?.body))).toEqual({ status: 'denied' });
    expect(refusals[0][1]?.headers).toMatchObject({ 'X-Recipient-Token': 'secret-token' });
    // No recording was made, so none is said to be stored; no text was sent.
    expect(screen.queryByText('Your recording is encrypted and stored securely.')).not.toBeInTheDocument();
    expect(screen.queryByText(/verification text/)).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/upload')).toBe(false);
  });

  it("offers it on the recording step too, in place of 'just close this page', and says to speak English", async () => {
    stubMedia();
    const { u } = openForm({ ...pending, [STATUS]: declined });
    await fillDetails(u);
    expect(await screen.findByRole('heading', { name: 'Saying Yes?' })).toBeInTheDocument();
    expect(screen.getByText("Speak in English, clearly, phone at arm's length.")).toBeInTheDocument();
    expect(screen.queryByText(/close this page/)).not.toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: "No, I don't consent" }));
    expect(await screen.findByRole('heading', { name: 'Consent Declined' })).toBeInTheDocument();
  });

  it('sends the name and phone given on step 0 with a No before recording, so the verification text can go out', async () => {
    stubMedia();
    const { fetchMock, u } = openForm({ ...pending, [STATUS]: declined });
    await fillDetails(u);
    await u.click(await screen.findByRole('button', { name: "No, I don't consent" }));
    expect(await screen.findByRole('heading', { name: 'Consent Declined' })).toBeInTheDocument();
    const refusal = fetchMock.mock.calls.find(([url, init]) => `${init?.method} ${String(url)}` === STATUS);
    expect(JSON.parse(String(refusal?.[1]?.body))).toEqual({
      status: 'denied',
      recipientFullName: 'Jamie Lee',
      recipientPhone: '+15550100',
    });
  });

  it("toasts 'Failed to record response' when the refusal cannot be stored, and stays on the step", async () => {
    stubMedia();
    const { u } = openForm({
      ...pending,
      [STATUS]: () => jsonResponse({ error: 'The consent service is unavailable, please try again' }, 503),
    });
    await screen.findByLabelText('Your name');
    await u.click(screen.getByRole('button', { name: "No, I don't consent" }));
    expect(await screen.findByText('Failed to record response')).toBeInTheDocument();
    expect(screen.getByLabelText('Your name')).toBeInTheDocument();
  });

  it('the review step still sends the recording with decision no', async () => {
    stubMedia();
    const { fetchMock, u } = openForm({
      ...pending,
      'POST /api/video/assets': () => jsonResponse({ id: 'va1' }, 201),
      'POST /api/upload': () => jsonResponse({ id: 'va1' }, 201),
      'POST /api/consent/process-video': declined,
    });
    await record(u);
    await u.click(screen.getByRole('button', { name: "No, I don't consent" }));
    expect(await screen.findByRole('heading', { name: 'Consent Declined' })).toBeInTheDocument();
    const analysis = fetchMock.mock.calls.find(([url]) => url === '/api/consent/process-video');
    expect((analysis?.[1]?.body as FormData).get('decision')).toBe('no');
    expect(screen.getByText('Your recording is encrypted and stored securely.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
  });
});

describe('/consent/form: live verdicts, failures and the verification text', () => {
  /** The session as the server has it now: what the partner's page reads when a push tells it something changed. */
  let onServer: ConsentSession;
  const submitted = {
    ...pending,
    'POST /api/video/assets': () => jsonResponse({ id: 'va1' }, 201),
    'POST /api/upload': () => jsonResponse({ id: 'va1' }, 201),
    'POST /api/consent/process-video': () => jsonResponse(testSession({ aiVerdict: 'processing' })),
    'GET /api/consent/sessions/s1': () => jsonResponse(onServer),
  };
  /** The server's change, and its push (the member's view, as the gateway pushes to both rooms). */
  function change(live: FakeLiveSocket, now: Partial<ConsentSession>) {
    onServer = testSession(now);
    act(() => live.push(testSession({ ...now, check: null })));
  }
  beforeEach(() => {
    onServer = testSession({ aiVerdict: 'processing' });
  });

  async function partnerSocket() {
    await waitFor(() => expect(openLiveSockets()[0]?.sent.length).toBeGreaterThan(0));
    return openLiveSockets()[0];
  }

  it('opens no socket before the partner answers (the page stays within its script budget)', async () => {
    stubMedia();
    const { u } = openForm(pending);
    await record(u);
    expect(liveSockets).toEqual([]);
  });

  it("joins the session's room once answered, shows the pushed verdict at once, then the text note once it is sent", async () => {
    stubMedia();
    const { u } = openForm(submitted);
    await record(u);
    await u.click(screen.getByRole('button', { name: 'Yes, I consent' }));
    const live = await partnerSocket();
    expect(live.sent[0]).toEqual({ event: 'join-session', args: [{ sessionId: 's1', token: 'secret-token' }] });

    change(live, { consentStatus: 'granted', aiVerdict: 'granted' });
    expect(await screen.findByRole('heading', { name: 'Consent Granted' })).toBeInTheDocument();
    expect(screen.getByText('Your recording is encrypted and stored securely.')).toBeInTheDocument();
    expect(screen.queryByText('A verification text has been sent.')).not.toBeInTheDocument();

    change(live, { consentStatus: 'granted', aiVerdict: 'granted', verificationTextSent: true });
    expect(await screen.findByText('A verification text has been sent.')).toBeInTheDocument();
    await waitFor(() => expect(openLiveSockets()).toEqual([]));
  });

  it("shows 'AI processing failed - please try again' when the analysis failed, and asks for a new code", async () => {
    stubMedia();
    const { u } = openForm(submitted);
    await record(u);
    await u.click(screen.getByRole('button', { name: 'Yes, I consent' }));
    const live = await partnerSocket();
    change(live, { aiVerdict: 'failed' });

    expect(await screen.findByText('AI processing failed - please try again')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Consent (Granted|Declined)/ })).not.toBeInTheDocument();
    expect(screen.getByText(/Ask Alex Doe to show you a new code, then record again/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
  });

  it('polls every 2 s until its socket has joined the session, then reads once on each join, and polls again while it is down', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      liveServer.reachable = false;
      const { fetchMock } = openForm({
        [QR_PATH]: () => jsonResponse(onServer),
        'GET /api/consent/sessions/s1': () => jsonResponse(onServer),
      });
      const reads = () => fetchMock.mock.calls.filter(([url]) => url === '/api/consent/sessions/s1').length;
      expect(await screen.findByRole('heading', { name: 'Analysing' })).toBeInTheDocument();
      await waitFor(() => expect(openLiveSockets()[0]?.handlers.has('connect')).toBe(true));
      const live = openLiveSockets()[0];
      // Before the socket's code has loaded, and while it cannot connect: the spec's polling.
      await expectPolling(reads);

      act(() => live.fire('connect'));
      expect(live.sent).toEqual([{ event: 'join-session', args: [{ sessionId: 's1', token: 'secret-token' }] }]);
      await advance(100);
      // One read for the join (a poll may have been in flight), then none while in the room.
      const rejoined = await expectQuietWhileConnected(live, reads);
      change(live, { consentStatus: 'denied', aiVerdict: 'denied' });
      expect(await screen.findByRole('heading', { name: 'Consent Declined' })).toBeInTheDocument();
      expect(reads()).toBeLessThanOrEqual(rejoined + 2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the failure at once for a session whose analysis had already failed', async () => {
    stubMedia();
    openForm({ [QR_PATH]: () => jsonResponse(testSession({ aiVerdict: 'failed' })) });
    expect(await screen.findByText('AI processing failed - please try again')).toBeInTheDocument();
  });

  describe('after a reload, the result text follows what is stored', () => {
    const check = (answer: 'yes' | 'no', recorded: boolean) => ({
      attempt: answer === 'yes' ? 1 : 0,
      maxAttempts: 3,
      retakeAllowed: false,
      heard: null,
      answer,
      recorded,
      endedBySafetyAnswers: false,
      safetyAnswered: true,
    });
    const loaded = (overrides: Partial<ConsentSession>) =>
      openForm({ [QR_PATH]: () => jsonResponse(testSession(overrides)) });

    it('a Yes the recording did not support is not called a no', async () => {
      loaded({ consentStatus: 'denied', aiVerdict: 'denied', deniedBecause: 'recording', check: check('yes', true) });
      expect(await screen.findByRole('heading', { name: 'Consent Declined' })).toBeInTheDocument();
      expect(screen.getByText("We couldn't hear a clear yes, so it counts as a no.")).toBeInTheDocument();
      expect(screen.queryByText(/No means no|You said/)).not.toBeInTheDocument();
      expect(screen.getByText('Your recording is encrypted and stored securely.')).toBeInTheDocument();
    });

    it('a refusal in the recording is told as said', async () => {
      loaded({ consentStatus: 'denied', aiVerdict: 'denied', deniedBecause: 'answer', check: check('yes', true) });
      expect(await screen.findByText('You said you do not consent.')).toBeInTheDocument();
      expect(screen.queryByText(/No means no|clear yes/)).not.toBeInTheDocument();
    });

    it('a No without a recording says no recording is stored', async () => {
      loaded({
        consentStatus: 'denied',
        aiVerdict: 'denied',
        deniedBecause: 'answer',
        verificationTextSent: true,
        check: check('no', false),
      });
      expect(await screen.findByText('Your answer has been recorded. No means no.')).toBeInTheDocument();
      expect(screen.queryByText('Your recording is encrypted and stored securely.')).not.toBeInTheDocument();
      expect(screen.getByText('A verification text has been sent.')).toBeInTheDocument();
    });

    it('a No with a recording says it is stored', async () => {
      loaded({ consentStatus: 'denied', aiVerdict: 'denied', check: check('no', true) });
      expect(await screen.findByText('Your answer has been recorded. No means no.')).toBeInTheDocument();
      expect(screen.getByText('Your recording is encrypted and stored securely.')).toBeInTheDocument();
    });
  });

  it('claims the verification text for an answered session only when it was sent', async () => {
    openForm({
      [QR_PATH]: () =>
        jsonResponse(testSession({ consentStatus: 'denied', aiVerdict: 'denied', verificationTextSent: true })),
    });
    expect(await screen.findByRole('heading', { name: 'Consent Declined' })).toBeInTheDocument();
    expect(screen.getByText('A verification text has been sent.')).toBeInTheDocument();
  });
});

describe('/consent/form: the sentence to say, and recording again after an unclear recording', () => {
  const RETAKE = {
    attempt: 1,
    maxAttempts: 3,
    retakeAllowed: true,
    heard: 'uh my name is jamie',
    answer: 'yes' as 'yes' | 'no' | null,
    recorded: true,
    endedBySafetyAnswers: false,
    safetyAnswered: true,
  };
  const retaking = (check: Partial<typeof RETAKE> = {}) =>
    testSession({
      aiVerdict: 'processing',
      verifiedOver18: true,
      recipientFullName: 'Jamie Lee',
      check: { ...RETAKE, ...check },
    });
  const STATUS = 'PATCH /api/consent/sessions/s1/status';

  /** The server's side of a partner who records twice: the first recording unclear, the second as `second` says. */
  function twoRecordings(second: Partial<ConsentSession>) {
    let submissions = 0;
    return {
      ...pending,
      'POST /api/video/assets': () => jsonResponse({ id: `va${submissions + 1}` }, 201),
      'POST /api/upload': () => jsonResponse({ id: `va${submissions + 1}` }, 201),
      'POST /api/consent/process-video': () =>
        jsonResponse(
          testSession({
            aiVerdict: 'processing',
            check: { ...RETAKE, attempt: ++submissions, retakeAllowed: false, heard: null },
          }),
        ),
      'GET /api/consent/sessions/s1': () => jsonResponse(submissions === 1 ? retaking() : testSession(second)),
    };
  }

  it('shows the sentence to say with the name typed in step 0, and how to say it', async () => {
    stubMedia();
    const { u } = openForm(pending);
    await fillDetails(u);
    expect(await screen.findByRole('heading', { name: 'Saying Yes?' })).toBeInTheDocument();
    expect(screen.getByText('Say this sentence:')).toBeInTheDocument();
    expect(screen.getByText('“My name is Jamie Lee and I consent.”')).toHaveClass('font-semibold');
    expect(screen.getByText("Speak in English, clearly, phone at arm's length.")).toBeInTheDocument();
    expect(screen.queryByText(/exactly/i)).not.toBeInTheDocument();
    // The camera opens as the step shows: said, with when it records.
    expect(
      screen.getByText(/The camera turns on at this step; it records only when you press Start recording\./),
    ).toBeInTheDocument();
  });

  it("offers a retake after an unclear recording: what was heard, what is left, and 'Record again' back to step 1, then on as the first time", async () => {
    stubMedia();
    const granted = {
      consentStatus: 'granted' as const,
      aiVerdict: 'granted' as const,
      check: { ...RETAKE, attempt: 2, retakeAllowed: false, heard: 'my name is jamie lee and i consent' },
    };
    const { fetchMock, u } = openForm(twoRecordings(granted));
    await record(u);
    await u.click(screen.getByRole('button', { name: 'Yes, I consent' }));

    expect(await screen.findByRole('heading', { name: "We couldn't hear that clearly" })).toBeInTheDocument();
    expect(screen.getByText('We heard: “uh my name is jamie”')).toBeInTheDocument();
    expect(screen.getByText('You can record again (2 of 3)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: "No, I don't consent" })).toBeEnabled();
    await u.click(screen.getByRole('button', { name: 'Record again' }));

    expect(await screen.findByText('“My name is Jamie Lee and I consent.”')).toBeInTheDocument();
    await recordStatement(u);
    await u.click(screen.getByRole('button', { name: 'Yes, I consent' }));
    expect(await screen.findByRole('heading', { name: 'Consent Granted' })).toBeInTheDocument();
    expect(screen.getByText('What we heard: “my name is jamie lee and i consent”')).toBeInTheDocument();

    const analyses = fetchMock.mock.calls
      .filter(([url]) => url === '/api/consent/process-video')
      .map(([, init]) => init?.body as FormData);
    expect(analyses.map(formKeys)).toEqual([
      ['sessionId', 'decision', 'recipient_full_name', 'recipient_phone', 'is_over_18', 'videoAssetId'],
      // A retake: the details stored with the first answer stand.
      ['sessionId', 'decision', 'videoAssetId'],
    ]);
    expect(analyses[1].get('videoAssetId')).toBe('va2');
  });

  it('says so when nothing could be heard, and shows the last of the three recordings as the final no, with what was heard', async () => {
    stubMedia();
    const unclearLast = (heard: string) =>
      testSession({
        consentStatus: 'denied',
        aiVerdict: 'denied',
        deniedBecause: 'recording',
        recipientFullName: 'Jamie Lee',
        check: { ...RETAKE, attempt: 3, retakeAllowed: false, heard },
      });
    openForm({ [QR_PATH]: () => jsonResponse(retaking({ attempt: 2, heard: '' })) });
    expect(await screen.findByText('We could not hear any words.')).toBeInTheDocument();
    expect(screen.getByText('You can record again (3 of 3)')).toBeInTheDocument();
    act(() => dismissToast());

    openForm({ [QR_PATH]: () => jsonResponse(unclearLast('my name is jamie lee')) });
    expect(await screen.findByRole('heading', { name: 'Consent Declined' })).toBeInTheDocument();
    expect(screen.getByText("We couldn't hear a clear yes, so it counts as a no.")).toBeInTheDocument();
    expect(screen.getByText('What we heard: “my name is jamie lee”')).toBeInTheDocument();
  });

  it("reads back only words of the sentence: fragments of others are words we couldn't make out", async () => {
    stubMedia();
    openForm({ [QR_PATH]: () => jsonResponse(retaking({ heard: "uh uh won't uh" })) });
    expect(await screen.findByText("We couldn't make out the words.")).toBeInTheDocument();
    expect(screen.queryByText(/won't/)).not.toBeInTheDocument();
    act(() => dismissToast());

    openForm({
      [QR_PATH]: () =>
        jsonResponse(
          testSession({
            consentStatus: 'denied',
            aiVerdict: 'denied',
            deniedBecause: 'recording',
            recipientFullName: 'Jamie Lee',
            check: { ...RETAKE, attempt: 3, retakeAllowed: false, heard: "uh uh won't uh" },
          }),
        ),
    });
    expect(await screen.findByText("We couldn't hear a clear yes, so it counts as a no.")).toBeInTheDocument();
    expect(screen.queryByText(/won't|What we heard/)).not.toBeInTheDocument();
  });

  it('shows the retake card again after a reload, and records again with the name stored with the first answer', async () => {
    stubMedia();
    const { fetchMock, u } = openForm({
      [QR_PATH]: () => jsonResponse(retaking()),
      'GET /api/consent/sessions/s1': () => jsonResponse(retaking()),
      'POST /api/video/assets': () => jsonResponse({ id: 'va2' }, 201),
      'POST /api/upload': () => jsonResponse({ id: 'va2' }, 201),
      'POST /api/consent/process-video': () =>
        jsonResponse(
          testSession({ aiVerdict: 'processing', check: { ...RETAKE, attempt: 2, retakeAllowed: false, heard: null } }),
        ),
    });
    expect(await screen.findByRole('heading', { name: "We couldn't hear that clearly" })).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Record again' }));
    expect(await screen.findByText('“My name is Jamie Lee and I consent.”')).toBeInTheDocument();
    await recordStatement(u);
    await u.click(screen.getByRole('button', { name: 'Yes, I consent' }));

    expect(await screen.findByText('AI is analysing your recording…')).toBeInTheDocument();
    expect(screen.queryByText('Missing data')).not.toBeInTheDocument();
    const analysis = fetchMock.mock.calls.find(([url]) => url === '/api/consent/process-video');
    expect(Object.fromEntries((analysis?.[1]?.body as FormData).entries())).toEqual({
      sessionId: 's1',
      decision: 'yes',
      videoAssetId: 'va2',
    });
  });

  it("takes the partner's No instead of a retake, at once", async () => {
    stubMedia();
    const { fetchMock, u } = openForm({
      [QR_PATH]: () => jsonResponse(retaking()),
      [STATUS]: () =>
        jsonResponse(
          testSession({
            consentStatus: 'denied',
            aiVerdict: 'denied',
            deniedBecause: 'answer',
            check: { ...RETAKE, retakeAllowed: false, heard: null, answer: 'no' },
          }),
        ),
    });
    await u.click(await screen.findByRole('button', { name: "No, I don't consent" }));
    expect(await screen.findByRole('heading', { name: 'Consent Declined' })).toBeInTheDocument();
    expect(screen.getByText('Your answer has been recorded. No means no.')).toBeInTheDocument();
    // The recordings made before the No are stored all the same.
    expect(screen.getByText('Your recording is encrypted and stored securely.')).toBeInTheDocument();
    expect(screen.queryByText(/What we heard/)).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url, init]) => `${init?.method} ${String(url)}` === STATUS)).toHaveLength(1);
  });
});
