import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '@/App';
import { dismissToast } from '@/components/ui/use-toast';
import { saveDraft } from '@/pages/consent-form/partner-draft';
import { stubMedia } from '@/test/camera';
import { partnerCheck, testSession } from '@/test/consent-session';
import { liveServer } from '@/test/fake-live-socket';
import { kept } from '@/test/kept-takes';
import { PHONE_VERIFIED_AT } from '@/test/phone-code';
import { jsonResponse, mockFetch, renderApp } from '@/test/render';
import { retakeOffered } from '@/test/retake-session';

vi.mock('@/pages/consent-form/take-store', () => import('@/test/kept-takes'));

const FORM = '/consent/form/ciq-server-1?token=secret-token';
const ASSETS = 'POST /api/video/assets';
const UPLOAD = 'POST /api/upload';
const HOLD = 'POST /api/consent/sessions/s1/held-analysis';
const DISCARD = 'POST /api/consent/sessions/s1/held-analysis/discard';
const ANSWER = 'POST /api/consent/process-video';
/** Past the details, the proved phone and the safety questions: the page opens at the recording step. */
const atRecording = testSession({ phoneVerifiedAt: PHONE_VERIFIED_AT, check: partnerCheck({ safetyAnswered: true }) });

type Handlers = Parameters<typeof mockFetch>[0];

/** The server for takes numbered va1, va2… as they are registered; the answer's analysis is running. */
function server(handlers: Handlers = {}): Handlers {
  let assets = 0;
  return {
    'GET /api/consent/sessions/qr/ciq-server-1': () => jsonResponse(atRecording),
    'GET /api/consent/sessions/s1': () => jsonResponse(testSession({ aiVerdict: 'processing' })),
    [ASSETS]: () => jsonResponse({ id: `va${++assets}` }, 201),
    [UPLOAD]: () => jsonResponse({ id: `va${assets}` }, 201),
    [HOLD]: (init) => jsonResponse({ videoAssetId: json(init).videoAssetId, held: true }, 202),
    [DISCARD]: () => new Response(null, { status: 204 }),
    [ANSWER]: () => jsonResponse(testSession({ aiVerdict: 'processing' })),
    ...handlers,
  };
}

function open(handlers: Handlers) {
  saveDraft('s1', { details: { name: 'Jamie Lee', phone: '+15550100', isOver18: true } });
  const fetchMock = mockFetch(handlers);
  renderApp(<AppRoutes />, { route: FORM });
  return { fetchMock, u: userEvent.setup() };
}

const json = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;

/** The calls made to `key` ("METHOD /path"), each with what it sent. */
const sent = (fetchMock: ReturnType<typeof mockFetch>, key: string) =>
  fetchMock.mock.calls.filter(([url, init]) => `${init?.method} ${String(url)}` === key).map(([, init]) => init);

const answerAsset = (init: RequestInit | undefined) => (init?.body as FormData).get('videoAssetId');

async function recordTake(u: ReturnType<typeof userEvent.setup>) {
  const start = await screen.findByRole('button', { name: 'Start recording' });
  await waitFor(() => expect(start).toBeEnabled());
  await u.click(start);
  await u.click(await screen.findByRole('button', { name: 'Stop recording' }));
  expect(await screen.findByRole('heading', { name: 'Review & Consent' })).toBeInTheDocument();
}

/** A request that waits for `release()`. */
function deferred(answer: () => Response) {
  let release = () => {};
  const handler = () => new Promise<Response>((resolve) => (release = () => resolve(answer())));
  return { handler, release: () => act(() => release()) };
}

const pageLeft = () => act(() => void dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true })));

beforeEach(() => {
  stubMedia();
  liveServer.reachable = false;
});

afterEach(() => {
  act(() => dismissToast());
  kept.clear();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('/consent/form: the take is stored and analysed while the partner reviews it', () => {
  it('stores the take as recording stops and asks for its held analysis with the name shown, before any answer', async () => {
    const { fetchMock, u } = open(server());
    await recordTake(u);

    await waitFor(() => expect(sent(fetchMock, HOLD)).toHaveLength(1));
    expect(json(sent(fetchMock, HOLD)[0])).toEqual({ videoAssetId: 'va1', fullName: 'Jamie Lee' });
    expect(sent(fetchMock, HOLD)[0]?.headers).toMatchObject({ 'X-Recipient-Token': 'secret-token' });
    const upload = sent(fetchMock, UPLOAD)[0]?.body as FormData;
    expect(upload.get('videoAssetId')).toBe('va1');
    expect((upload.get('video') as File).size).toBe(3 * 1024);
    expect(sent(fetchMock, ANSWER)).toEqual([]);
    // The texts are as before the take was stored early.
    expect(screen.getByText('3 KB')).toBeInTheDocument();
    expect(screen.queryByText('Uploading your recording…')).not.toBeInTheDocument();
  });

  it.each(['Yes, I consent', "No, I don't consent"])(
    "'%s' answers with the take stored at the stop, uploading nothing more",
    async (button) => {
      const { fetchMock, u } = open(server());
      await recordTake(u);
      await waitFor(() => expect(sent(fetchMock, HOLD)).toHaveLength(1));
      await u.click(screen.getByRole('button', { name: button }));

      expect(await screen.findByText('AI is analysing your recording…')).toBeInTheDocument();
      expect(sent(fetchMock, ANSWER).map(answerAsset)).toEqual(['va1']);
      expect(sent(fetchMock, UPLOAD)).toHaveLength(1);
      expect(sent(fetchMock, ASSETS)).toHaveLength(1);
    },
  );

  it('waits for a take still uploading when Yes is pressed, the buttons disabled, then answers with it', async () => {
    const upload = deferred(() => jsonResponse({ id: 'va1' }, 201));
    const { fetchMock, u } = open(server({ [UPLOAD]: upload.handler }));
    await recordTake(u);
    await u.click(screen.getByRole('button', { name: 'Yes, I consent' }));

    expect(await screen.findByText('Uploading your recording…')).toBeInTheDocument();
    for (const name of ['Yes, I consent', "No, I don't consent", 'Back'])
      expect(screen.getByRole('button', { name })).toBeDisabled();
    expect(sent(fetchMock, ANSWER)).toEqual([]);

    upload.release();
    expect(await screen.findByText('AI is analysing your recording…')).toBeInTheDocument();
    expect(sent(fetchMock, ANSWER).map(answerAsset)).toEqual(['va1']);
    expect(sent(fetchMock, UPLOAD)).toHaveLength(1);
  });

  it('stores the take again at the tap when storing it at the stop failed, then answers with it', async () => {
    let uploads = 0;
    const { fetchMock, u } = open(
      server({
        [UPLOAD]: () =>
          ++uploads === 1 ? jsonResponse({ error: 'Storage unavailable' }, 503) : jsonResponse({ id: 'va2' }, 201),
      }),
    );
    await recordTake(u);
    await waitFor(() => expect(uploads).toBe(1));
    // Nothing the partner has to act on.
    expect(screen.queryByText('Failed to record consent')).not.toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Yes, I consent' }));

    expect(await screen.findByText('AI is analysing your recording…')).toBeInTheDocument();
    expect(sent(fetchMock, UPLOAD)).toHaveLength(2);
    expect(sent(fetchMock, ANSWER).map(answerAsset)).toEqual(['va2']);
    expect(sent(fetchMock, HOLD)).toEqual([]);
  });

  it("tells today's upload failure when storing the take fails at the stop and again at the tap", async () => {
    const { u } = open(server({ [UPLOAD]: () => jsonResponse({ error: 'Recording is too large' }, 413) }));
    await recordTake(u);
    await u.click(screen.getByRole('button', { name: 'Yes, I consent' }));

    expect(await screen.findByText('Failed to record consent')).toBeInTheDocument();
    expect(screen.getByText('Upload failed: Recording is too large')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong — please try again.')).toBeInTheDocument();
  });

  it('says nothing of a refused held analysis, and Yes still answers with the stored take', async () => {
    const { fetchMock, u } = open(
      server({ [HOLD]: () => jsonResponse({ error: 'Service unavailable', code: 'unavailable' }, 503) }),
    );
    await recordTake(u);
    await waitFor(() => expect(sent(fetchMock, HOLD)).toHaveLength(1));
    await u.click(screen.getByRole('button', { name: 'Yes, I consent' }));

    expect(await screen.findByText('AI is analysing your recording…')).toBeInTheDocument();
    expect(screen.queryByText('Failed to record consent')).not.toBeInTheDocument();
    expect(sent(fetchMock, ANSWER).map(answerAsset)).toEqual(['va1']);
  });
});

describe('/consent/form: a take dropped before its answer is discarded on the server', () => {
  it("discards the take as 'new_take' when the partner goes back to record again, then holds the new one", async () => {
    const { fetchMock, u } = open(server());
    await recordTake(u);
    await waitFor(() => expect(sent(fetchMock, HOLD)).toHaveLength(1));
    await u.click(screen.getByRole('button', { name: 'Back' }));

    await waitFor(() => expect(sent(fetchMock, DISCARD)).toHaveLength(1));
    const [discard] = sent(fetchMock, DISCARD);
    expect(json(discard)).toEqual({ videoAssetId: 'va1', reason: 'new_take' });
    expect(discard?.keepalive).toBe(true);
    expect(discard?.headers).toMatchObject({ 'X-Recipient-Token': 'secret-token' });

    await recordTake(u);
    await waitFor(() => expect(sent(fetchMock, HOLD)).toHaveLength(2));
    expect(json(sent(fetchMock, HOLD)[1])).toEqual({ videoAssetId: 'va2', fullName: 'Jamie Lee' });
    await u.click(screen.getByRole('button', { name: 'Yes, I consent' }));
    await waitFor(() => expect(sent(fetchMock, ANSWER).map(answerAsset)).toEqual(['va2']));
    expect(sent(fetchMock, DISCARD)).toHaveLength(1);
  });

  it('discards a take dropped while it was uploading once it is stored, without asking for its analysis', async () => {
    const upload = deferred(() => jsonResponse({ id: 'va1' }, 201));
    const { fetchMock, u } = open(server({ [UPLOAD]: upload.handler }));
    await recordTake(u);
    await u.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { name: 'Saying Yes?' });
    expect(sent(fetchMock, DISCARD)).toEqual([]);

    upload.release();
    await waitFor(() => expect(sent(fetchMock, DISCARD)).toHaveLength(1));
    expect(json(sent(fetchMock, DISCARD)[0])).toEqual({ videoAssetId: 'va1', reason: 'new_take' });
    expect(sent(fetchMock, HOLD)).toEqual([]);
  });

  it("discards the stored, unanswered take as 'left_page' when the page is left, and stores it again if the page comes back", async () => {
    const { fetchMock, u } = open(server());
    await recordTake(u);
    await waitFor(() => expect(sent(fetchMock, HOLD)).toHaveLength(1));
    pageLeft();

    const [discard] = sent(fetchMock, DISCARD);
    expect(json(discard)).toEqual({ videoAssetId: 'va1', reason: 'left_page' });
    expect(discard?.keepalive).toBe(true);
    pageLeft();
    expect(sent(fetchMock, DISCARD)).toHaveLength(1);

    // Back from the browser's page cache, the take under review is stored and held again.
    act(() => void dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
    await waitFor(() => expect(sent(fetchMock, HOLD)).toHaveLength(2));
    expect(json(sent(fetchMock, HOLD)[1])).toEqual({ videoAssetId: 'va2', fullName: 'Jamie Lee' });
    await u.click(screen.getByRole('button', { name: 'Yes, I consent' }));
    await waitFor(() => expect(sent(fetchMock, ANSWER).map(answerAsset)).toEqual(['va2']));
  });

  it('stores the take kept on the phone again after a reload, and answers with it', async () => {
    kept.set('s1', new Blob([new Uint8Array(5 * 1024)], { type: 'video/webm' }));
    const { fetchMock, u } = open(server());
    expect(await screen.findByRole('heading', { name: 'Review & Consent' })).toBeInTheDocument();
    await waitFor(() => expect(sent(fetchMock, HOLD)).toHaveLength(1));
    expect(json(sent(fetchMock, HOLD)[0])).toEqual({ videoAssetId: 'va1', fullName: 'Jamie Lee' });
    await u.click(screen.getByRole('button', { name: 'Yes, I consent' }));
    await waitFor(() => expect(sent(fetchMock, ANSWER).map(answerAsset)).toEqual(['va1']));
    expect(sent(fetchMock, UPLOAD)).toHaveLength(1);
  });

  it('discards nothing once the answer is sent: not on leaving the page, nor on recording again after an unclear take', async () => {
    const retake = retakeOffered();
    const { fetchMock, u } = open(server({ 'GET /api/consent/sessions/s1': () => jsonResponse(retake) }));
    await recordTake(u);
    await waitFor(() => expect(sent(fetchMock, HOLD)).toHaveLength(1));
    await u.click(screen.getByRole('button', { name: 'Yes, I consent' }));
    await waitFor(() => expect(sent(fetchMock, ANSWER)).toHaveLength(1));
    pageLeft();

    await u.click(await screen.findByRole('button', { name: 'Record again' }));
    await recordTake(u);
    await waitFor(() => expect(sent(fetchMock, HOLD)).toHaveLength(2));
    expect(sent(fetchMock, DISCARD)).toEqual([]);
  });
});
