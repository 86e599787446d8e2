import { parseConfig } from '@app/config';
import type { AnalysisInput } from '@app/contracts';
import { makeTestRecording } from '@app/testing';
import { randomBytes, randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { mediaWorkerConfigSchema } from '../config/media-worker-config.schema';
import type { ConsentClient } from '../consent/consent-client';
import type { RecordingReader } from '../recordings/recording-reader';
import type { Transcriber } from '../transcription/transcriber';
import { AnalyzeRecording } from './analyze-recording';

const config = parseConfig(mediaWorkerConfigSchema, {
  REDIS_URL: 'redis://127.0.0.1:6379',
  MEDIA_WORKER_TOKEN: 'w'.repeat(32),
  STORAGE_ENCRYPTION_KEYS: `k1:${randomBytes(32).toString('base64')}`,
  STORAGE_ENCRYPTION_ACTIVE_KEY_ID: 'k1',
  POCKETSPHINX_BIN_DIR: '/opt/pocketsphinx/bin',
});

/** The job's time limit: the deadline reaches every step, so a stuck recogniser cannot hold the job (or a draining worker) past it. */
describe('AnalyzeRecording: the job deadline', () => {
  it('aborts a step still running when the deadline passes, and reports no verdict', async () => {
    const sessionId = randomUUID();
    const videoAssetId = randomUUID();
    const input: AnalysisInput = {
      open: true,
      sessionId,
      videoAssetId,
      storageKey: 'recordings/x',
      typedName: 'Jordan Lee',
      decision: 'yes',
      recordingKey: null,
    };
    const recording = await makeTestRecording('webm');
    const reported: unknown[] = [];
    const consent = {
      input: async () => input,
      reportVerdict: async (...args: unknown[]) => reported.push(args),
    } as unknown as ConsentClient;
    const reader = {
      saveTo: (_input: unknown, path: string) => writeFile(path, recording),
    } as unknown as RecordingReader;
    let sawAbort = false;
    // A recogniser that never finishes on its own, like a decoder stuck on a pathological input.
    const transcriber: Transcriber = {
      transcribe: (_wav, _hints, signal) =>
        new Promise((_, reject) =>
          signal?.addEventListener('abort', () => {
            sawAbort = true;
            reject(signal.reason);
          }),
        ),
    };
    const analysis = new AnalyzeRecording(config, consent, reader, transcriber);

    const started = Date.now();
    await expect(
      analysis.run({ sessionId, videoAssetId, held: false }, AbortSignal.timeout(1500)),
    ).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(sawAbort).toBe(true);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(reported).toEqual([]);
  });
});
