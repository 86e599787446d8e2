import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { PhraseClass, PHRASES } from '../judgement/phrases';
import { analyseStatement, StatementAnalysis, tokenize } from '../judgement/statement';
import { loadCmuDictionary } from './cmu-dictionary';
import { FILLER_WORDS } from './filler-words';
import { buildLanguageModel } from './language-model';
import { nameWords } from './name-words';
import { decodeWithPocketsphinx, HeardWord } from './pocketsphinx';
import { pronounce } from './pronunciation';
import { SphinxBatchDecoder } from './sphinx-batch-decoder';
import { Transcriber, Transcription, TranscriptionDoubt, TranscriptionHints } from './transcriber';

export interface LocalTranscriberOptions {
  /** Holds en-us/ (acoustic model), cmudict-en-us.dict and en-us.lm.bin. */
  modelDir?: string;
  /**
   * Holds pocketsphinx_continuous and pocketsphinx_batch; unset, they are found on PATH (Debian's). The project's
   * build (services/media-worker/pocketsphinx) decodes bit for bit the same, in less time.
   */
  binDir?: string;
  /** Limit for each child process. */
  timeoutMs: number;
}

export const DEFAULT_SPHINX_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';
/** Below this posterior a word that carries meaning (consent, not, maybe...) is not trusted. */
const MIN_KEYWORD_CONFIDENCE = 0.6;
/**
 * The phrase decode's search, narrower than pocketsphinx's defaults: 26-31% fewer instructions (26-33% less CPU time)
 * on 20-30 s of speech (README), and the confusion suite grants more consents (12 of 15, was 10). Turning phone
 * lookahead off alone changed no word heard on any test clip (some posteriors, mostly down) and saves 4% of the work.
 * Two Gaussians per codebook rather than three: 9% fewer instructions on 30 s of speech (callgrind), the same words,
 * and the wide check grants 17 of its 30 consents rather than 15, still nothing else.
 */
export const PHRASE_SEARCH = ['-pl_window', '0', '-topn', '2', '-beam', '1e-40', '-pbeam', '1e-40', '-wbeam', '1e-20',
  '-lpbeam', '1e-30', '-lponlybeam', '1e-20'];
/**
 * The general model's search is narrowed (one pass, fewer active HMMs) so it costs about what the phrase decode does;
 * the phone and word beams took 26% of its instructions (more of its CPU time) on 20-30 s of speech (README), and the
 * confusion suite checks that it still hears every spoken refusal as one (-pbeam 1e-25 did not).
 */
export const CROSS_CHECK_SEARCH = ['-fwdflat', 'no', '-bestpath', 'no', '-maxhmmpf', '3000', '-maxwpf', '10', '-topn', '2',
  '-pbeam', '1e-30', '-wbeam', '1e-20', '-lponlybeam', '1e-20'];
/** Classes whose presence rules a grant out. */
const DISSENT: readonly PhraseClass[] = ['refuse', 'retract', 'hesitate', 'negate'];
const MEANING_WORDS: ReadonlySet<string> = new Set(
  (['affirm', ...DISSENT] as const)
    .flatMap((phraseClass) => PHRASES[phraseClass])
    .flatMap((phrase) => phrase.split(' '))
    .filter((word) => word !== 'i'),
);
const PHRASE_WORDS: ReadonlySet<string> = new Set(Object.values(PHRASES).flat().flatMap((phrase) => phrase.split(' ')));
/**
 * How the general model writes a spoken consent word: measured on the synthetic voices, it hears "consent" as
 * "can send", "been sent" or "they consent" about as often as right. These are sounds, not meanings; meaning comes
 * from the phrase decode.
 */
const CONSENT_WORDS: readonly string[] = ['consent', 'consents', 'consented', 'agree', 'agreed'];
const AFFIRM_SOUND_ALIKES: ReadonlySet<string> = new Set([...CONSENT_WORDS, 'sent', 'send', 'cent']);
/** First words of the phrases (a name aside): what may follow a sound-alike of "consent" that ends a statement. */
const PHRASE_STARTS: ReadonlySet<string> = new Set(Object.values(PHRASES).flat().map((phrase) => phrase.split(' ')[0]));
/** Filler words that belong to no phrase: what other speech is heard as. */
const OFF_TOPIC_WORDS: ReadonlySet<string> = new Set(FILLER_WORDS.filter((word) => !PHRASE_WORDS.has(word)));

/**
 * Offline recognition with PocketSphinx. The main decode uses a small per-request language model of the consent
 * phrases, the typed name and filler words (accurate where the general model is not); its word posteriors flag weak
 * recognition, and when it hears a consent the general English model must hear one too (a phrase model can turn other
 * speech into its phrases). Both decodes run in parallel; the general one is dropped when no consent was heard.
 */
export class LocalTranscriber implements Transcriber {
  private readonly modelDir: string;
  /** The general model stays loaded in one long-running decoder: loading it per request cost ~0.35 s. */
  private readonly general: SphinxBatchDecoder;

  constructor(private readonly options: LocalTranscriberOptions) {
    this.modelDir = options.modelDir ?? DEFAULT_SPHINX_MODEL_DIR;
    this.general = new SphinxBatchDecoder({
      command: this.command('pocketsphinx_batch'),
      args: ['-hmm', join(this.modelDir, 'en-us'), '-lm', join(this.modelDir, 'en-us.lm.bin'),
        '-dict', join(this.modelDir, 'cmudict-en-us.dict'), '-remove_noise', 'no', ...CROSS_CHECK_SEARCH],
      timeoutMs: options.timeoutMs,
    });
  }

  /** Nest calls this at start: the general model loads before the first job needs it. */
  async onApplicationBootstrap(): Promise<void> {
    await this.general.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.close();
  }

  /** Stops the long-running decoder. */
  close(): Promise<void> {
    return this.general.close();
  }

  get recogniser(): string {
    return 'pocketsphinx 5prealpha en-us, per-request consent phrase LM; cross-check: en-us.lm.bin';
  }

  async transcribe(wavPath: string, hints: TranscriptionHints, signal?: AbortSignal): Promise<Transcription> {
    const crossCheckAbort = new AbortController();
    const crossCheckSignal = signal ? AbortSignal.any([signal, crossCheckAbort.signal]) : crossCheckAbort.signal;
    const crossCheck = this.hearGeneral(wavPath, crossCheckSignal);
    crossCheck.catch(() => undefined); // awaited below only when needed; a dropped one must not be unhandled
    try {
      const names = nameWords(hints.typedName);
      const heard = await this.hearPhrases(wavPath, names, signal);
      const text = heard.map((word) => word.word).join(' ');
      const statement = analyseStatement(text, names.join(' '));
      const doubts = primaryDoubts(heard);
      if (affirmsOnly(statement)) {
        const doubt = crossCheckDoubt((await crossCheck).join(' '), statement, names.join(' '));
        if (doubt) doubts.push(doubt);
      }
      return { text, recogniser: this.recogniser, reliable: doubts.length === 0, doubts };
    } finally {
      crossCheckAbort.abort();
    }
  }

  /** The main decode: the request's phrase model (its files written next to the WAV). */
  async hearPhrases(wavPath: string, names: string[], signal?: AbortSignal): Promise<HeardWord[]> {
    const { lmPath, dictPath } = await this.writePhraseModel(dirname(wavPath), names, signal);
    return decodeWithPocketsphinx({
      command: this.command('pocketsphinx_continuous'), modelDir: this.modelDir, wavPath, lmPath, dictPath,
      extraArgs: PHRASE_SEARCH, timeoutMs: this.options.timeoutMs, signal,
    });
  }

  /** The second opinion: the words the general English model hears. */
  hearGeneral(wavPath: string, signal?: AbortSignal): Promise<string[]> {
    return this.general.decode(wavPath, signal);
  }

  private command(name: string): string {
    return this.options.binDir ? join(this.options.binDir, name) : name;
  }

  /** Writes the request's language model and dictionary into its workspace. */
  async writePhraseModel(directory: string, names: string[], signal?: AbortSignal) {
    const model = buildLanguageModel(names);
    const cmu = await loadCmuDictionary(join(this.modelDir, 'cmudict-en-us.dict'));
    const lines: string[] = [];
    for (const word of model.vocabulary) {
      const known = cmu.get(word);
      const pronunciations = known ?? [(await pronounce(word, this.options.timeoutMs, signal)).join(' ')];
      pronunciations.forEach((phones, i) => lines.push(`${i === 0 ? word : `${word}(${i + 1})`} ${phones}`));
    }
    const lmPath = join(directory, 'consent.lm');
    const dictPath = join(directory, 'consent.dict');
    await Promise.all([writeFile(lmPath, model.arpa, { mode: 0o600 }), writeFile(dictPath, `${lines.join('\n')}\n`, { mode: 0o600 })]);
    return { lmPath, dictPath };
  }
}

function primaryDoubts(heard: HeardWord[]): TranscriptionDoubt[] {
  if (heard.length === 0) return ['no_speech'];
  const doubts: TranscriptionDoubt[] = [];
  if (heard.some((word) => MEANING_WORDS.has(word.word) && word.confidence < MIN_KEYWORD_CONFIDENCE)) {
    doubts.push('low_confidence');
  }
  // Mostly filler words: the speaker talked about something else (or noise was heard as words).
  if (heard.filter((word) => OFF_TOPIC_WORDS.has(word.word)).length * 2 > heard.length) doubts.push('out_of_grammar');
  return doubts;
}

/** The only case that can lead to a grant, so the only one worth the general model's second opinion. */
function affirmsOnly(statement: StatementAnalysis): boolean {
  return statement.classes.has('affirm') && !DISSENT.some((phraseClass) => statement.classes.has(phraseClass));
}

/**
 * What the general model's transcript says against a phrase decode that heard only a consent. Where it heard no
 * consent word itself, only its sound ("can send"), it cannot tell "I consent" from "I can send it tomorrow", which
 * the phrase model hears as "i consent uh tomorrow" (measured: flite's kal16): the phrase decode must then have heard
 * nothing but the statement's own words, and the sound must not be followed by what "send" takes.
 */
export function crossCheckDoubt(general: string, phrases: StatementAnalysis, typedName: string): TranscriptionDoubt | undefined {
  if (!generalAgrees(general, typedName)) return 'general_model_disagrees';
  const tokens = tokenize(general);
  if (tokens.some((token) => CONSENT_WORDS.includes(token))) return undefined;
  // "send" takes an object ("I can send it"; kal16's "I can send it" was heard by the phrase model as "i consent uh"),
  // "consent" does not: the sound must end the speech or be followed by the start of a phrase.
  const soundWithObject = tokens.some((token, i) => AFFIRM_SOUND_ALIKES.has(token) && i + 1 < tokens.length && !PHRASE_STARTS.has(tokens[i + 1]));
  return phrases.unmatched.length > 0 || soundWithObject ? 'sound_alike_consent' : undefined;
}

/** The general model agrees when it, too, hears a consent word (or its sound) and nothing that refuses, hedges or negates. */
export function generalAgrees(text: string, typedName: string): boolean {
  const statement = analyseStatement(text, typedName);
  const consentWord = statement.tokens.some((token) => AFFIRM_SOUND_ALIKES.has(token));
  return consentWord && !DISSENT.some((phraseClass) => statement.classes.has(phraseClass));
}
