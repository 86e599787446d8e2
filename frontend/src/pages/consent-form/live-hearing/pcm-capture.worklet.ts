// Runs in the audio rendering thread's own scope (AudioWorkletGlobalScope), loaded by `pcm-capture.ts` from its own
// same-origin file: the Content-Security-Policy's script-src 'self' covers it, a blob: module would not be.

declare const AudioWorkletProcessor: { new (): { readonly port: MessagePort } };
declare function registerProcessor(name: string, processor: typeof AudioWorkletProcessor): void;

/** Posts each block of the microphone's samples (mono, at the context's 16 kHz) to the page, which chunks them. */
class PcmCaptureProcessor extends AudioWorkletProcessor {
  process(inputs: Float32Array[][]): boolean {
    const samples = inputs[0]?.[0];
    if (samples) {
      // A copy: the engine reuses its input buffers for the next block.
      const copy = samples.slice();
      this.port.postMessage(copy, [copy.buffer]);
    }
    return true;
  }
}

registerProcessor('pcm-capture', PcmCaptureProcessor);

export {};
