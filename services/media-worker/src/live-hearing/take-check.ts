import { Inject, Injectable } from '@nestjs/common';
import { join } from 'node:path';
import { writeWav } from '../audio/wav';
import { judge, type Judgement } from '../judgement/judge';
import { withWorkspace } from '../media/workspace';
import { TRANSCRIBER, type Transcriber } from '../transcription/transcriber';

/**
 * The verdict's check of a live take's audio so far: the configured transcriber and the judge, as a Yes against the
 * take's name, on the phone's audio written as `normalize` writes a recording's. It is what makes the live hearing's
 * "complete" the verdict's "granted"; it grants nothing itself, and nothing of it is kept (its workspace is removed).
 */
@Injectable()
export class LiveTakeCheck {
  constructor(@Inject(TRANSCRIBER) private readonly transcriber: Transcriber) {}

  async grants(pcm: Buffer, typedName: string, signal?: AbortSignal): Promise<boolean> {
    return (await this.hear(pcm, typedName, signal)).outcome === 'granted';
  }

  /** The judgement itself: the benches set it beside the stored recording's. */
  hear(pcm: Buffer, typedName: string, signal?: AbortSignal): Promise<Judgement> {
    return withWorkspace(async (directory) => {
      const wavPath = join(directory, 'take.wav');
      await writeWav(wavPath, pcm);
      const transcription = await this.transcriber.transcribe(wavPath, { typedName }, signal);
      return judge({ decision: 'yes', typedName, transcription });
    });
  }
}
