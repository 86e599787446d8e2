import { Inject, Injectable, Logger } from '@nestjs/common';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { MEDIA_WORKER_CONFIG, MediaWorkerConfig } from '../config/media-worker-config.schema';
import { ConsentClient } from '../consent/consent-client';
import { judge } from '../judgement/judge';
import { normalize } from '../media/normalize';
import { withWorkspace } from '../media/workspace';
import { RecordingReader } from '../recordings/recording-reader';
import { TRANSCRIBER, type Transcriber, type Transcription } from '../transcription/transcriber';

/** Pressing No is judged without listening: nothing is transcribed. */
const NOT_ANALYSED: Transcription = { words: [], text: '', recogniser: 'none', doubts: [] };

/** Which take to analyse; `held`: while the partner reviews it, before they answer. */
export interface AnalysisTarget {
  sessionId: string;
  videoAssetId: string;
  held: boolean;
}

/**
 * One analysis: decrypt -> normalize -> transcribe -> judge, then the outcome is written back to the consent service,
 * which stores it once. Idempotent per session: a session that has its verdict already is left as it is.
 */
@Injectable()
export class AnalyzeRecording {
  private readonly logger = new Logger(AnalyzeRecording.name);

  constructor(
    @Inject(MEDIA_WORKER_CONFIG) private readonly config: MediaWorkerConfig,
    private readonly consent: ConsentClient,
    private readonly recordings: RecordingReader,
    @Inject(TRANSCRIBER) private readonly transcriber: Transcriber,
  ) {}

  /** `deadline` aborts every step still running when the job's time limit passes (their child processes are killed). */
  async run({ sessionId, videoAssetId, held }: AnalysisTarget, deadline?: AbortSignal): Promise<void> {
    const input = await this.consent.input(sessionId, { videoAssetId, held }, deadline);
    if (!input?.open || input.videoAssetId !== videoAssetId) {
      this.logger.log(`Session ${sessionId} needs no analysis (${input ? 'verdict stored already' : 'session gone'})`);
      return;
    }
    const timingsMs: Record<'normalize' | 'transcribe' | 'judge', number> = { normalize: 0, transcribe: 0, judge: 0 };
    const timed = async <T>(step: keyof typeof timingsMs, work: () => Promise<T> | T): Promise<T> => {
      const started = performance.now();
      try {
        return await work();
      } finally {
        timingsMs[step] = Math.round(performance.now() - started);
      }
    };
    const transcription =
      input.decision === 'no'
        ? NOT_ANALYSED
        : await withWorkspace(async (directory) => {
            const audio = await timed('normalize', async () => {
              const recording = join(directory, 'recording');
              await this.recordings.saveTo(input, recording, deadline);
              return normalize(recording, {
                workDir: directory,
                maxSeconds: this.config.MAX_RECORDING_SECONDS,
                timeoutMs: this.config.STEP_TIMEOUT_MS,
                signal: deadline,
              });
            });
            return timed('transcribe', () =>
              this.transcriber.transcribe(audio.wavPath, { typedName: input.typedName }, deadline),
            );
          });
    const judgement = await timed('judge', () =>
      judge({ decision: input.decision, typedName: input.typedName, transcription }),
    );
    const stored = await this.consent.reportVerdict(
      sessionId,
      {
        videoAssetId,
        outcome: judgement.outcome,
        reasons: judgement.reasons,
        transcript: judgement.heard ?? null,
        recogniser: transcription === NOT_ANALYSED ? null : transcription.recogniser,
        nameCheck: judgement.nameCheck ?? null,
        timingsMs,
        held,
      },
      deadline,
    );
    this.logger.log(
      `Session ${sessionId}${held ? ' (held)' : ''}: ${judgement.outcome} (${judgement.reasons.join(',')}) ${stored?.stored ? 'stored' : 'not stored: a verdict stands'}`,
    );
  }
}
