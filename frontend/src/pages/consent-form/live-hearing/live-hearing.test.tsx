import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RecordingStep } from '@/pages/consent-form/recording-step';
import { type FakeLiveSocket, liveServer, liveSockets, openLiveSockets } from '@/test/fake-live-socket';

/** The microphone's audio as the tests hand it over: `chunk()` is 100 ms more of the take being captured. */
const capture = vi.hoisted(() => ({
  supported: true,
  onChunk: undefined as ((chunk: ArrayBuffer) => void) | undefined,
  stops: 0,
  chunk(): void {
    capture.onChunk?.(new ArrayBuffer(3200));
  },
}));

vi.mock('@/pages/consent-form/live-hearing/pcm-capture', () => ({
  canCapturePcm: () => capture.supported,
  startPcmCapture: async (_stream: MediaStream, onChunk: (chunk: ArrayBuffer) => void) => {
    capture.onChunk = onChunk;
    return { stop: () => capture.stops++ };
  },
}));

/** A MediaRecorder whose recording is the blob named after it, handed over when stopped. */
class FakeRecorder {
  static isTypeSupported = () => true;
  static made: FakeRecorder[] = [];
  state: 'inactive' | 'recording' = 'inactive';
  mimeType = 'video/webm';
  readonly data = new Blob([`take ${FakeRecorder.made.length + 1}`], { type: 'video/webm' });
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;

  constructor() {
    FakeRecorder.made.push(this);
  }

  start() {
    this.state = 'recording';
  }

  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: this.data });
    this.onstop?.();
  }
}

// Tokens: my name is jamie lee and i consent
const SENTENCE_TOKENS = 8;
const litFirst = (count: number) => Array.from({ length: SENTENCE_TOKENS }, (_, index) => index < count);

function renderStep({ fakeTimers = false } = {}) {
  const onRecorded = vi.fn();
  render(
    <RecordingStep
      sessionId="s1"
      token="link-token"
      fullName="Jamie Lee"
      mimeType="video/webm"
      onRecorded={onRecorded}
      onCameraUnavailable={vi.fn()}
      onDecline={vi.fn()}
    />,
  );
  return { onRecorded, u: userEvent.setup(fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : {}) };
}

async function startRecording(u: ReturnType<typeof userEvent.setup>) {
  const start = screen.getByRole('button', { name: 'Start recording' });
  await waitFor(() => expect(start).toBeEnabled());
  await u.click(start);
  await screen.findByRole('button', { name: 'Stop recording' });
}

/** The take's socket once it asked for a take (the n-th socket opened, from 0). */
async function takeSocket(index = 0): Promise<FakeLiveSocket> {
  await waitFor(() => expect(liveSockets[index]?.sentEvents()).toContain('live-take-start'));
  return liveSockets[index];
}

/** Whether the shown word is lit (`<mark>`; the announcement repeats it, unmarked). */
const lit = (word: string) => screen.getAllByText(word).some((element) => element.tagName === 'MARK');

beforeEach(() => {
  // Here, not after each test: the last test's step is unmounted after this file's own afterEach.
  Object.assign(capture, { supported: true, onChunk: undefined, stops: 0 });
  const stream = { getTracks: () => [{ stop: vi.fn() }], getAudioTracks: () => [{}] };
  Object.defineProperty(navigator, 'mediaDevices', {
    value: { getUserMedia: vi.fn(async () => stream) },
    configurable: true,
  });
  vi.stubGlobal('MediaRecorder', FakeRecorder);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'mediaDevices');
  FakeRecorder.made = [];
});

describe('the recording step, heard live', () => {
  it("joins the session with the link's token on its own socket, starts a take with the name shown, and streams the take's audio, what was said before the take started first", async () => {
    liveServer.takeAck = 'later';
    const { u } = renderStep();
    await startRecording(u);
    await waitFor(() => expect(liveSockets).toHaveLength(1));
    const socket = liveSockets[0];
    await waitFor(() => expect(socket.heldTakeAck).toBeDefined());
    expect(socket.options).toMatchObject({ transports: ['websocket'], withCredentials: true });
    expect(socket.options.auth).toBeUndefined();
    expect(socket.sent.slice(0, 2)).toEqual([
      { event: 'join-session', args: [{ sessionId: 's1', token: 'link-token' }] },
      { event: 'live-take-start', args: [{ sessionId: 's1', fullName: 'Jamie Lee' }] },
    ]);
    capture.chunk();
    capture.chunk();
    expect(socket.sentEvents()).not.toContain('live-take-audio');
    act(() => socket.heldTakeAck!({ ok: true, takeId: 'take-1' }));
    capture.chunk();
    const audio = socket.sent.filter((sent) => sent.event === 'live-take-audio');
    expect(audio).toHaveLength(3);
    expect(audio[0].args[0]).toBeInstanceOf(ArrayBuffer);
  });

  it('is off when the take takes longer to start than the 2 s of audio it may be sent at once', async () => {
    liveServer.takeAck = 'later';
    const { u } = renderStep();
    await startRecording(u);
    await waitFor(() => expect(liveSockets[0]?.heldTakeAck).toBeDefined());
    // 20 chunks of 100 ms: the 2 s kept while the take starts.
    act(() => {
      for (let chunk = 0; chunk < 20; chunk++) capture.chunk();
    });
    expect(screen.queryByText('Live hearing is off.')).not.toBeInTheDocument();
    act(() => capture.chunk());
    expect(screen.getByText('Live hearing is off.')).toBeInTheDocument();
    expect(liveSockets[0].disconnected).toBe(true);
  });

  it('lights the words of the sentence in order as they are heard, and announces each', async () => {
    const { u } = renderStep();
    await startRecording(u);
    const socket = await takeSocket();
    capture.chunk();
    act(() => socket.hear({}));
    expect(lit('My')).toBe(false);
    act(() => socket.hear({ words: ['my', 'name'], lit: litFirst(2) }));
    expect([lit('My'), lit('name'), lit('is')]).toEqual([true, true, false]);
    act(() => socket.hear({ words: ['my', 'name', 'is', 'jamie'], lit: litFirst(4) }));
    expect([lit('is'), lit('Jamie'), lit('Lee'), lit('consent.')]).toEqual([true, true, false, false]);
    const announced = document.querySelector('[aria-live="polite"]');
    expect(announced).toHaveTextContent('My name is Jamie');
    expect(announced?.querySelectorAll('span')).toHaveLength(4);
    expect(screen.queryByText('Live hearing is off.')).not.toBeInTheDocument();
  });

  it('shows a refusal word it heard', async () => {
    const { u } = renderStep();
    await startRecording(u);
    const socket = await takeSocket();
    act(() => socket.hear({ words: ['my', 'name', 'is', "don't"], lit: litFirst(3), refusals: ["don't"] }));
    expect(screen.getByText("Heard: don't")).toBeInTheDocument();
  });

  it('after a pause with words missing, says which and offers a new take, which discards this one and records the next at once', async () => {
    const { u, onRecorded } = renderStep();
    await startRecording(u);
    const socket = await takeSocket();
    const missing = { words: ['my', 'name', 'is', 'jamie', 'lee', 'and', 'i'], lit: litFirst(7), missing: ['consent'] };
    act(() => socket.hear(missing));
    expect(screen.queryByRole('button', { name: 'Start a new take' })).not.toBeInTheDocument();
    // Paused, but the check has not heard the take yet: nothing to say.
    act(() => socket.hear({ ...missing, paused: true }));
    expect(screen.queryByText(/We didn't hear/)).not.toBeInTheDocument();
    act(() => socket.hear({ ...missing, paused: true, checked: true }));
    expect(
      screen.getByText("We didn't hear: consent. Say the whole sentence again, a little closer and slower."),
    ).toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Start a new take' }));
    // The first take: stopped without a recording, its live take ended and its socket closed.
    expect(FakeRecorder.made).toHaveLength(2);
    expect(FakeRecorder.made[0].state).toBe('inactive');
    expect(onRecorded).not.toHaveBeenCalled();
    expect(socket.sent).toContainEqual({ event: 'live-take-end', args: [{ takeId: 'take-1' }] });
    expect(socket.disconnected).toBe(true);
    expect(capture.stops).toBe(1);
    // The next: recording, heard from the start on a socket of its own.
    expect(FakeRecorder.made[1].state).toBe('recording');
    expect(screen.getByRole('button', { name: 'Stop recording' })).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('0s / 30s');
    const next = await takeSocket(1);
    act(() => next.hear({}));
    expect(screen.queryByText(/We didn't hear/)).not.toBeInTheDocument();
    expect(lit('My')).toBe(false);

    await u.click(screen.getByRole('button', { name: 'Stop recording' }));
    expect(onRecorded).toHaveBeenCalledTimes(1);
    expect(onRecorded).toHaveBeenCalledWith(FakeRecorder.made[1].data);
    expect(next.sent).toContainEqual({ event: 'live-take-end', args: [{ takeId: 'take-1' }] });
    expect(openLiveSockets()).toEqual([]);
  });

  it('says the take was heard clearly only when the check granted it, and nothing of consent given', async () => {
    const { u } = renderStep();
    await startRecording(u);
    const socket = await takeSocket();
    act(() => socket.hear({ lit: litFirst(8), complete: true, paused: true, checked: true }));
    expect(screen.getByText('We heard you clearly. You can stop recording.')).toBeInTheDocument();
    expect(screen.queryByText(/grant/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start a new take' })).not.toBeInTheDocument();
  });

  it('asks again when every word lit but the check did not grant the take', async () => {
    const { u } = renderStep();
    await startRecording(u);
    const socket = await takeSocket();
    act(() => socket.hear({ lit: litFirst(8), paused: true, checked: true }));
    expect(
      screen.getByText("We didn't hear it clearly enough. Say the whole sentence again, a little closer and slower."),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start a new take' })).toBeInTheDocument();
    expect(screen.queryByText(/You can stop recording/)).not.toBeInTheDocument();
  });

  it('is off when the take is refused, and the recording is made as without it', async () => {
    liveServer.takeAck = { ok: false, error: 'Live hearing is off', code: 'live_hearing_off' };
    const { u, onRecorded } = renderStep();
    await startRecording(u);
    await waitFor(() => expect(liveSockets).toHaveLength(1));
    const socket = liveSockets[0];
    expect(await screen.findByText('Live hearing is off.')).toBeInTheDocument();
    expect(socket.disconnected).toBe(true);
    expect(socket.sentEvents()).not.toContain('live-take-end');
    expect(screen.getByText('“My name is Jamie Lee and I consent.”')).toBeInTheDocument();
    capture.chunk();
    expect(socket.sentEvents()).not.toContain('live-take-audio');

    await u.click(screen.getByRole('button', { name: 'Stop recording' }));
    expect(onRecorded).toHaveBeenCalledWith(FakeRecorder.made[0].data);
  });

  it('asks again for a take the gateway still holds (the one just discarded), then is off', async () => {
    liveServer.takeAck = { ok: false, error: 'Busy', code: 'live_take_busy' };
    const { u } = renderStep();
    await startRecording(u);
    await waitFor(() => expect(liveSockets).toHaveLength(1));
    const socket = liveSockets[0];
    expect(await screen.findByText('Live hearing is off.')).toBeInTheDocument();
    expect(socket.sentEvents().filter((event) => event === 'live-take-start')).toHaveLength(3);
  });

  it('is off when nothing is heard within 3 s of the first chunk', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { u } = renderStep({ fakeTimers: true });
    await startRecording(u);
    await takeSocket();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    // Nothing sent yet: no time counted.
    expect(screen.queryByText('Live hearing is off.')).not.toBeInTheDocument();
    capture.chunk();
    await act(() => vi.advanceTimersByTimeAsync(2_900));
    expect(screen.queryByText('Live hearing is off.')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByText('Live hearing is off.')).toBeInTheDocument();
    expect(openLiveSockets()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Stop recording' })).toBeInTheDocument();
  });

  it('is off when the server ends the take', async () => {
    const { u } = renderStep();
    await startRecording(u);
    const socket = await takeSocket();
    capture.chunk();
    act(() => socket.hear({ lit: litFirst(1) }));
    act(() => socket.fire('live-take-ended', { takeId: 'take-1', error: 'Too fast', code: 'live_take_too_fast' }));
    expect(screen.getByText('Live hearing is off.')).toBeInTheDocument();
    expect(screen.getByText('“My name is Jamie Lee and I consent.”')).toBeInTheDocument();
    expect(socket.sentEvents()).not.toContain('live-take-end');
    expect(socket.disconnected).toBe(true);
    expect(capture.stops).toBe(1);
  });

  it('is off when its socket cannot connect', async () => {
    liveServer.reachable = false;
    const { u } = renderStep();
    await startRecording(u);
    expect(await screen.findByText('Live hearing is off.')).toBeInTheDocument();
    expect(openLiveSockets()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Stop recording' })).toBeInTheDocument();
  });

  it('is off, without a socket, in a browser that cannot hand over the microphone', async () => {
    capture.supported = false;
    const { u } = renderStep();
    await startRecording(u);
    expect(screen.getByText('Live hearing is off.')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(liveSockets).toEqual([]);
  });
});
