import {
  type AnalysisFailure,
  type AnalysisInput,
  analysisInputSchema,
  type AnalysisStored,
  analysisStoredSchema,
  liveHearingInputSchema,
  type VerdictReport,
} from '@app/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import type { z } from 'zod';
import { MEDIA_WORKER_CONFIG, MediaWorkerConfig } from '../config/media-worker-config.schema';

/**
 * The consent service's analysis routes, with this worker's own credential. A 5xx or a network failure throws a plain
 * error, so the job is retried; a 4xx can never pass on retry.
 */
@Injectable()
export class ConsentClient {
  constructor(@Inject(MEDIA_WORKER_CONFIG) private readonly config: MediaWorkerConfig) {}

  /**
   * The analysis's input; null when the session is gone (deleted), so there is nothing left to analyse. `held`: the
   * input of the named take's held analysis, before the partner answered.
   */
  input(
    sessionId: string,
    { videoAssetId, held }: { videoAssetId: string; held: boolean },
    signal?: AbortSignal,
  ): Promise<AnalysisInput | null> {
    const path = held ? `/analysis/${sessionId}/held/${videoAssetId}` : `/analysis/${sessionId}`;
    return this.call('GET', path, analysisInputSchema, undefined, signal);
  }

  /** Whether a live take of the session may be heard: the session waits for its partner's recording. */
  async awaitsLiveTake(sessionId: string, signal?: AbortSignal): Promise<boolean> {
    const answer = await this.call(
      'GET',
      `/analysis/${sessionId}/live-hearing`,
      liveHearingInputSchema,
      undefined,
      signal,
    );
    return answer !== null;
  }

  async reportVerdict(sessionId: string, report: VerdictReport, signal?: AbortSignal): Promise<AnalysisStored | null> {
    return this.call('POST', `/analysis/${sessionId}/verdict`, analysisStoredSchema, report, signal);
  }

  async reportFailure(sessionId: string, failure: AnalysisFailure): Promise<AnalysisStored | null> {
    return this.call('POST', `/analysis/${sessionId}/failure`, analysisStoredSchema, failure);
  }

  /** `signal` is the job's deadline, if any; each call also has the step's own limit. */
  private async call<S extends z.ZodType>(
    method: string,
    path: string,
    schema: S,
    body?: unknown,
    signal?: AbortSignal,
  ): Promise<z.infer<S> | null> {
    const stepLimit = AbortSignal.timeout(this.config.STEP_TIMEOUT_MS);
    const response = await fetch(new URL(path, this.config.CONSENT_SERVICE_URL), {
      method,
      headers: {
        'X-Internal-Token': this.config.MEDIA_WORKER_TOKEN,
        ...(body ? { 'Content-Type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: signal ? AbortSignal.any([stepLimit, signal]) : stepLimit,
    });
    if (response.status === 404) return null;
    const failure = `The consent service answered ${response.status} to ${method} ${path.replace(/[0-9a-f-]{36}/g, ':id')}`;
    if (response.status >= 500) throw new Error(failure);
    if (!response.ok) throw new UnrecoverableError(failure);
    return schema.parse(await response.json());
  }
}
