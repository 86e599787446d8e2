import type { OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { cleanUpForRecognition } from '../audio/clean-up';
import { FRAME_SHIFT, quietestFrame } from '../audio/levels';
import { SAMPLE_RATE, writePcm16 } from '../audio/wav';
import { SPEECH_CHECK_SETTINGS } from '../config/speech-check.settings';
import { analyseStatement } from '../language/statement';
import { loadCmuDictionary, type PronouncingDictionary } from './cmu-dictionary';
import { type Decode, joinDecodes } from './decode';
import { readDecode } from './decode-reading';
import { type Decoded, type DecodeRequest, DecoderPool } from './decoder-pool';
import type { DecoderProfile } from './decoder-process';
import { cohortFor } from './name-cohort';
import { type NameWord, nameWordsWithSpelling } from './name-words';
import { dictionaryLines, type NamePronunciations, pronounceName } from './pronouncing-dictionary';
import { alternatives, buildStatementGrammar } from './statement-grammar';
import type { Reading, Transcriber, Transcription, TranscriptionHints } from './transcriber';

export interface LocalTranscriberOptions {
  /** Holds en-us/ (acoustic model), cmudict-en-us.dict and en-us-phone.lm.bin. */
  modelDir?: string;
  /** The project's PocketSphinx build (services/media-worker/pocketsphinx), holding `decoder-server`. */
  binDir: string;
  /** Limit of each decode and each child process. */
  timeoutMs: number;
  /** Decoder processes: decodes that run at once. */
  decoders: number;
}

export const DEFAULT_SPHINX_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';
/**
 * Vocal tract length normalisation: a recording is also decoded with its frequencies scaled, and the best-fitting
 * scale is taken, so a voice higher or lower than the model's speakers is heard as well as theirs.
 */
export const WARPS = [0.88, 1, 1.14] as const;
/** Gaussians scored per codebook: the model's default, and the fewer long recordings are decoded with. */
const TOP_N = 4;
export const profileAt = (warp: number): DecoderProfile => ({ warp, topn: TOP_N, allSenones: false });
/**
 * Longer recordings (once their long pauses are shortened) are decoded unwarped, in two halves cut at the quietest
 * pause near the middle and decoded at once, one per core: three full decodes of 30 s would keep the partner waiting
 * several seconds. They also score two Gaussians per codebook rather than four (bench:verdict's transcribe step
 * 895 -> 735 ms for 30 s of speech, its verdicts the same); narrower beams, tried too, lost the name there.
 */
export const MAX_WARPED_SECONDS = 12;
const LONG_RECORDING: DecoderProfile = { warp: 1, topn: 2, allSenones: false };
/** A name is measured with two decodes of its frames (the typed name, the cohort), whose scores must compare. */
const NAME_MEASURE: DecoderProfile = { warp: 1, topn: TOP_N, allSenones: true };
/** Frames of context kept on each side of a name when it is measured against the cohort. */
const NAME_CONTEXT_FRAMES = 3;

/** The files of one request's grammars, and the typed name's pronunciations. */
export interface RequestModel {
  statement: { jsgfPath: string; dictPath: string };
  /** The typed name alone, and the cohort of other people's names alone: what a name is measured with. */
  typedName: { jsgfPath: string; dictPath: string } | undefined;
  cohort: { jsgfPath: string; dictPath: string } | undefined;
  namePronunciations: NamePronunciations;
}

/**
 * Offline recognition with PocketSphinx, as a check of the expected statement rather than free dictation. The
 * recording is cleaned up (noise reduced in a loud room, one level, a steady floor, long pauses shortened), then
 * decoded against a grammar of the consent phrases with the partner's name where a name stands and a phone loop for
 * anything else (`statement-grammar.ts`), and as free phones: each word of the grammar's reading is measured against
 * those (`decode-reading.ts`). Where a name stands and the typed one was not heard clearly, the name is measured
 * against a cohort of other people's names (`name-cohort.ts`). Decodes run in long-lived decoder processes
 * (`decoder-pool.ts`).
 */
export class LocalTranscriber implements Transcriber, OnModuleInit, OnModuleDestroy {
  private readonly modelDir: string;
  private readonly timeoutMs: number;
  private readonly pool: DecoderPool;

  constructor(options: LocalTranscriberOptions) {
    this.modelDir = options.modelDir ?? DEFAULT_SPHINX_MODEL_DIR;
    this.timeoutMs = options.timeoutMs;
    this.pool = new DecoderPool({
      binDir: options.binDir,
      acousticModel: join(this.modelDir, 'en-us'),
      beams: SPEECH_CHECK_SETTINGS.beams,
      profiles: [...WARPS.map(profileAt), LONG_RECORDING, NAME_MEASURE],
      size: options.decoders,
      timeoutMs: options.timeoutMs,
    });
  }

  get recogniser(): string {
    return 'pocketsphinx 5prealpha en-us, statement grammar verified against free phones, name cohort';
  }

  /** The decoders load their models when the worker starts: a broken install stops it there, not in a job. */
  onModuleInit(): Promise<void> {
    return this.pool.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.pool.close();
  }

  async transcribe(wavPath: string, hints: TranscriptionHints, signal?: AbortSignal): Promise<Transcription> {
    const directory = dirname(wavPath);
    const name = nameWordsWithSpelling(hints.typedName);
    const [audio, model] = await Promise.all([
      cleanUpForRecognition(wavPath, join(directory, 'clean.wav')),
      this.writeGrammar(directory, name, signal),
    ]);
    const decode = (request: Omit<DecodeRequest, 'signal'>) => this.pool.decode({ ...request, signal });
    // Each profile's grammar decode, and the free-phone decode of the same audio its words are measured against.
    const decodePair = async (wavPath: string, profile: DecoderProfile): Promise<Decode[]> => {
      const { decode: grammar, phones } = await decode({
        profile,
        search: { ...model.statement, withPhones: true },
        wavPath,
      });
      return [grammar, phones!];
    };
    const seconds = audio.samples.length / SAMPLE_RATE;
    const long = seconds > MAX_WARPED_SECONDS;
    const pairs = long
      ? [
          await this.decodeInHalves(audio.samples, audio.levels, directory, (wavPath) =>
            decodePair(wavPath, LONG_RECORDING),
          ),
        ]
      : await Promise.all(WARPS.map((warp) => decodePair(audio.wavPath, profileAt(warp))));
    // Best fit first; the ties of a sort are kept in warp order, so the order is the same on every run.
    const ranked = pairs
      .map(([grammar, phones], k) => ({
        grammar,
        reading: readDecode(grammar, phones, audio.levels),
        profile: long ? LONG_RECORDING : profileAt(WARPS[k]),
      }))
      .sort((a, b) => b.grammar.acousticScore - a.grammar.acousticScore);
    const [best, ...others] = ranked;
    const cohortAdvantage = await this.measureName(best.reading, hints.typedName, model, audio.wavPath, decode);
    return {
      ...best.reading,
      recogniser: this.recogniser,
      alternatives: others.map(({ reading }) => reading),
      cohortAdvantage,
    };
  }

  /**
   * Where a name stands and the typed name was not heard there clearly, how much better per frame the cohort's best
   * names fit those frames than the typed name does, each decoded alone over them; undefined when nothing needs it.
   */
  private async measureName(
    reading: Reading,
    typedName: string,
    model: RequestModel,
    wavPath: string,
    decode: (request: Omit<DecodeRequest, 'signal'>) => Promise<Decoded>,
  ): Promise<number | undefined> {
    if (!model.typedName || !model.cohort) return undefined;
    const statement = analyseStatement(
      reading.words.map(({ word }) => word),
      typedName,
    );
    const unconfirmed = statement.names.find(
      (found) => found.kind !== 'other' && found.tokens.every((index) => reading.words[index].fit),
    );
    if (!unconfirmed) return undefined;
    const first = reading.words[unconfirmed.tokens[0]].fit!.startFrame;
    const last = reading.words[unconfirmed.tokens[unconfirmed.tokens.length - 1]].fit!.endFrame;
    const startFrame = Math.max(0, first - NAME_CONTEXT_FRAMES);
    const samples = { first: startFrame * FRAME_SHIFT, count: (last + NAME_CONTEXT_FRAMES - startFrame) * FRAME_SHIFT };
    const [{ decode: typed }, { decode: cohort }] = await Promise.all([
      decode({ profile: NAME_MEASURE, search: model.typedName, wavPath, samples }),
      decode({ profile: NAME_MEASURE, search: model.cohort, wavPath, samples }),
    ]);
    const frames = Math.max(1, cohort.frames, typed.frames);
    return (cohort.acousticScore - typed.acousticScore) / frames;
  }

  /** Cuts the recording at its quietest pause between 40% and 60% of it and decodes both parts at once. */
  private async decodeInHalves(
    samples: Float64Array,
    levels: Float64Array,
    directory: string,
    decode: (wavPath: string) => Promise<Decode[]>,
  ): Promise<Decode[]> {
    const cutFrame = quietestFrame(levels, 0.4, 0.6);
    const cut = cutFrame * FRAME_SHIFT;
    const halves = [join(directory, 'first.wav'), join(directory, 'second.wav')];
    await Promise.all([writePcm16(halves[0], samples.subarray(0, cut)), writePcm16(halves[1], samples.subarray(cut))]);
    const [first, second] = await Promise.all(halves.map(decode));
    return first.map((decode, k) =>
      joinDecodes([
        { decode, startFrame: 0 },
        { decode: second[k], startFrame: cutFrame },
      ]),
    );
  }

  /** Writes the request's grammars and dictionaries into its workspace. */
  writeGrammar(directory: string, name: readonly NameWord[], signal?: AbortSignal): Promise<RequestModel> {
    return writeRequestModel(directory, name, { modelDir: this.modelDir, timeoutMs: this.timeoutMs }, signal);
  }
}

/**
 * Writes a request's grammars and dictionaries into its workspace: the statement grammar with the typed name's
 * pronunciations, the name alone and its cohort. The verdict's decodes and the live hearing's use the same.
 */
export async function writeRequestModel(
  directory: string,
  name: readonly NameWord[],
  sources: { modelDir: string; timeoutMs: number },
  signal?: AbortSignal,
): Promise<RequestModel> {
  const cmu = await loadCmuDictionary(join(sources.modelDir, 'cmudict-en-us.dict'));
  const words = name.map(({ word }) => word);
  const namePronunciations = await pronounceName(name, cmu, sources.timeoutMs, signal);
  const cohort = cohortFor(words, namePronunciations, cmu);
  const grammar = buildStatementGrammar(words, SPEECH_CHECK_SETTINGS.grammar);
  const lines = await dictionaryLines(
    cmu,
    grammar.vocabulary,
    { words, pronunciations: namePronunciations },
    sources.timeoutMs,
    signal,
  );
  const file = (name: string) => join(directory, name);
  const statement = { jsgfPath: file('statement.jsgf'), dictPath: file('statement.dict') };
  const typedName = words.length > 0 ? { jsgfPath: file('name.jsgf'), dictPath: statement.dictPath } : undefined;
  const cohortModel =
    words.length > 0 && cohort.length > 0
      ? { jsgfPath: file('cohort.jsgf'), dictPath: file('cohort.dict') }
      : undefined;
  await Promise.all([
    writeFile(statement.jsgfPath, grammar.jsgf, { mode: 0o600 }),
    writeFile(statement.dictPath, `${[...lines, ...grammar.phoneEntries].join('\n')}\n`, { mode: 0o600 }),
    typedName &&
      writeFile(typedName.jsgfPath, alternativesGrammar('name', [words.join(' '), ...words]), { mode: 0o600 }),
    cohortModel && writeFile(cohortModel.jsgfPath, cohortGrammar(cohort), { mode: 0o600 }),
    cohortModel && writeFile(cohortModel.dictPath, `${cohortLines(cohort, cmu).join('\n')}\n`, { mode: 0o600 }),
  ]);
  return { statement, typedName, cohort: cohortModel, namePronunciations };
}

/** A grammar of one utterance that is one of `options` (word sequences). */
function alternativesGrammar(rule: string, options: readonly string[]): string {
  return `#JSGF V1.0;\ngrammar ${rule};\npublic <${rule}> = ${alternatives(options)} ;\n`;
}

/** One or two names of the cohort (a first name, a surname). */
function cohortGrammar(cohort: readonly string[]): string {
  return `#JSGF V1.0;\ngrammar cohort;\npublic <cohort> = <other> [ <other> ] ;\n<other> = ${cohort.join(' | ')} ;\n`;
}

function cohortLines(cohort: readonly string[], cmu: PronouncingDictionary): string[] {
  return cohort.flatMap((word) =>
    (cmu.get(word) ?? []).map((phones, i) => `${i === 0 ? word : `${word}(${i + 1})`} ${phones}`),
  );
}
