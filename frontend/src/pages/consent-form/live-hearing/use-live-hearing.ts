import type { ErrorCode } from '@app/contracts/api-errors';
import { LIVE_AUDIO, LIVE_HEARING, type LiveHeard, type StartTakeAck } from '@app/contracts/live-hearing';
import { LIVE_UPDATES } from '@app/contracts/live-updates';
import { useEffect, useState } from 'react';
import { type LiveSocket, openLiveSocket } from '@/lib/live/live-client';
import { canCapturePcm, type PcmCapture, startPcmCapture } from '@/pages/consent-form/live-hearing/pcm-capture';

/**
 * `connecting`: the take is being started, or no word has come back yet; `listening`: the live hearing has the take;
 * `off`: it is not there for this take (refused, busy, no worker, lost, ended by the server): the recording goes on.
 */
export type LiveHearingStatus = 'connecting' | 'listening' | 'off';

export interface LiveHearing {
  status: LiveHearingStatus;
  /** The latest of what the live hearing heard of this take, while `listening`. */
  heard: LiveHeard | null;
}

/** No word back this long after the first chunk was sent: no worker is listening, and the hearing is off. */
export const FIRST_HEARD_TIMEOUT_MS = 3_000;
/**
 * Audio kept while the take is being started (the partner speaks at once): at most what the gateway accepts at once
 * (`LIVE_AUDIO.burstSeconds`); a take slower than that to start is off rather than sent late and too fast.
 */
const MAX_WAITING_BYTES = LIVE_AUDIO.burstSeconds * LIVE_AUDIO.sampleRate * LIVE_AUDIO.bytesPerSample;
/** "Start a new take" ends one take and starts the next at once: the gateway may still hold the first for a moment. */
const BUSY: ErrorCode = 'live_take_busy'; // API_ERRORS.liveTakeBusy (the table itself is not worth its download here)
const BUSY_RETRIES = 2;
const BUSY_RETRY_MS = 400;

const OFF: LiveHearing = { status: 'off', heard: null };

interface Options {
  /** The recording's camera and microphone. */
  stream: MediaStream;
  sessionId: string;
  /** The partner link's token, to join the session (the proved phone's credential cookie goes with the handshake). */
  token: string;
  /** The name in the sentence shown: the take is heard against it, and its words lit are that sentence's. */
  fullName: string;
}

/**
 * One take heard live, from mount (the recording started) to unmount (stopped or discarded): its own socket joins the
 * session and starts a take, the microphone's audio goes to it in 100 ms chunks, and what the live hearing heard comes
 * back. Any failure turns it off for this take and nothing else: the recording never waits for it.
 */
export function useLiveHearing({ stream, sessionId, token, fullName }: Options): LiveHearing {
  const [supported] = useState(() => canCapturePcm(stream));
  const [hearing, setHearing] = useState<LiveHearing>(supported ? { status: 'connecting', heard: null } : OFF);

  useEffect(() => {
    if (!supported) return;
    let ended = false;
    let socket: LiveSocket | undefined;
    let capture: PcmCapture | undefined;
    let takeId: string | undefined;
    let waiting: ArrayBuffer[] = [];
    let waitingBytes = 0;
    let heardYet = false;
    // What was heard before the take's acknowledgement arrived (the worker can be that quick).
    let early: LiveHeard | undefined;
    let noWordYet: ReturnType<typeof setTimeout> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;

    const finish = () => {
      if (ended) return;
      ended = true;
      clearTimeout(noWordYet);
      clearTimeout(retry);
      capture?.stop();
      if (takeId) socket?.emit(LIVE_HEARING.endTake, { takeId });
      socket?.disconnect();
    };
    const off = () => {
      if (ended) return;
      finish();
      setHearing(OFF);
    };
    const heard = (words: LiveHeard) => {
      heardYet = true;
      clearTimeout(noWordYet);
      setHearing({ status: 'listening', heard: words });
    };

    const send = (opened: LiveSocket, chunk: ArrayBuffer) => {
      opened.emit(LIVE_HEARING.audio, chunk);
      if (!heardYet && noWordYet === undefined) noWordYet = setTimeout(off, FIRST_HEARD_TIMEOUT_MS);
    };
    const onChunk = (chunk: ArrayBuffer) => {
      if (ended) return;
      if (socket && takeId) return send(socket, chunk);
      waiting.push(chunk);
      waitingBytes += chunk.byteLength;
      if (waitingBytes > MAX_WAITING_BYTES) off();
    };
    const started = (opened: LiveSocket, ack: StartTakeAck, retries: number) => {
      if (ended) return;
      if (ack.ok) {
        takeId = ack.takeId;
        if (early?.takeId === takeId) heard(early);
        waiting.forEach((chunk) => send(opened, chunk));
        waiting = [];
        return;
      }
      if (ack.code !== BUSY || retries === 0) return off();
      retry = setTimeout(() => startTake(opened, retries - 1), BUSY_RETRY_MS);
    };
    const startTake = (opened: LiveSocket, retries: number) =>
      opened.emit(LIVE_HEARING.startTake, { sessionId, fullName }, (ack) => started(opened, ack, retries));

    startPcmCapture(stream, onChunk).then((opened) => (ended ? opened.stop() : (capture = opened)), off);
    openLiveSocket(null).then((opened) => {
      if (ended) return void opened.disconnect();
      socket = opened;
      opened.on(LIVE_HEARING.heard, (words) => {
        if (ended) return;
        if (!takeId) early = words;
        else if (words.takeId === takeId) heard(words);
      });
      opened.on(LIVE_HEARING.takeEnded, (ending) => {
        if (ending.takeId !== takeId) return;
        takeId = undefined; // ended by the server: nothing to end
        off();
      });
      // A lost connection ends the take at the gateway: this one is not resumed.
      opened.on('connect_error', off);
      opened.on('disconnect', off);
      opened.on('connect', () =>
        opened.emit(LIVE_UPDATES.joinSession, { sessionId, token }, (ack) => {
          if (!ended) return ack.ok ? startTake(opened, BUSY_RETRIES) : off();
        }),
      );
    }, off);

    return finish;
  }, [supported, stream, sessionId, token, fullName]);

  return hearing;
}
