import { RedisConnection } from '@app/redis';
import type { Provider } from '@nestjs/common';
import { join } from 'node:path';
import type { MediaWorkerConfig } from '../config/media-worker-config.schema';
import { SPEECH_CHECK_SETTINGS } from '../config/speech-check.settings';
import { DEFAULT_SPHINX_MODEL_DIR, profileAt } from '../transcription/local-transcriber';
import { StreamingDecoderPool } from '../transcription/streaming-decoder';
import { LiveEmitter } from './live-emitter';
import { LIVE_DECODERS, type LiveDecoders, LiveTakeListener } from './live-take.listener';
import { LiveTakesConsumer } from './live-takes.consumer';
import { LiveTakeCheck } from './take-check';

/**
 * The live hearing's part of the worker, none of it where LIVE_TAKES is 0: the live takes' own Redis connection
 * (`LIVE_REDIS`), the consumer of live takes, which starts with the worker, the streaming decoders it hears them with,
 * one per take it may hear at once, with the verdict's acoustic model and beams, unwarped, and the verdict's check it
 * hears a take with at a pause (the worker's transcriber).
 */
export function liveHearingProviders(config: MediaWorkerConfig): Provider[] {
  if (config.LIVE_TAKES === 0) return [];
  return [
    RedisConnection.liveProvider(config),
    {
      provide: LIVE_DECODERS,
      useFactory: (): LiveDecoders =>
        new StreamingDecoderPool({
          binDir: config.POCKETSPHINX_BIN_DIR!,
          acousticModel: join(DEFAULT_SPHINX_MODEL_DIR, 'en-us'),
          beams: SPEECH_CHECK_SETTINGS.beams,
          profile: profileAt(1),
          size: config.LIVE_TAKES,
          timeoutMs: config.STEP_TIMEOUT_MS,
        }),
    },
    LiveEmitter,
    LiveTakeCheck,
    LiveTakeListener,
    LiveTakesConsumer,
  ];
}
