import { LIVE_AUDIO } from '@app/contracts/live-hearing';
import workletUrl from '@/pages/consent-form/live-hearing/pcm-capture.worklet.ts?worker&url';
import { pcmChunker } from '@/pages/consent-form/live-hearing/pcm-chunker';

/** The processor's name, as `pcm-capture.worklet.ts` registers it. */
const PROCESSOR = 'pcm-capture';

export interface PcmCapture {
  stop(): void;
}

/** Whether this browser can hand the recording's microphone to the live hearing (and the stream has one). */
export function canCapturePcm(stream: MediaStream): boolean {
  return (
    typeof AudioContext !== 'undefined' &&
    typeof AudioWorkletNode !== 'undefined' &&
    typeof stream.getAudioTracks === 'function' &&
    stream.getAudioTracks().length > 0
  );
}

/**
 * The recording's microphone as the live hearing's audio (`LIVE_AUDIO`): a 16 kHz audio context (the browser
 * resamples) runs the stream through an audio worklet, whose samples become 100 ms chunks of 16-bit PCM handed to
 * `onChunk`. It only listens: the recording itself is untouched. `stop` closes the context.
 */
export async function startPcmCapture(stream: MediaStream, onChunk: (chunk: ArrayBuffer) => void): Promise<PcmCapture> {
  const context = new AudioContext({ sampleRate: LIVE_AUDIO.sampleRate });
  try {
    await context.audioWorklet.addModule(workletUrl);
    const source = context.createMediaStreamSource(stream);
    const node = new AudioWorkletNode(context, PROCESSOR, {
      channelCount: 1,
      channelCountMode: 'explicit', // a stereo microphone is mixed down to mono
    });
    const push = pcmChunker(onChunk);
    node.port.onmessage = (event: MessageEvent<Float32Array>) => push(event.data);
    source.connect(node);
    // Its output is silence; connected so that every browser keeps rendering it.
    node.connect(context.destination);
    // Created after the tap that started the recording had its turn: some browsers begin it suspended.
    void context.resume();
    return {
      stop: () => {
        node.port.onmessage = null;
        source.disconnect();
        void context.close();
      },
    };
  } catch (error) {
    void context.close();
    throw error;
  }
}
