import { type JudgementOutcome, type NameCheck, tokenize } from '@app/contracts';
import { SPEECH_CHECK_SETTINGS } from '../config/speech-check.settings';
import { NAME_SOUNDS, type PhraseClass } from '../language/phrases';
import { analyseStatement, type FoundName, type FoundPhrase } from '../language/statement';
import type { HeardWord, Reading, Transcription } from '../transcription/transcriber';
import { WordFits } from './fit';
import { checkName } from './name-check';
import { inNegationSlot } from './negation-slot';

export interface JudgeInput {
  decision: 'yes' | 'no';
  typedName: string;
  transcription: Transcription;
}

export interface Judgement {
  outcome: JudgementOutcome;
  /** Stable snake_case codes, stored with the verdict. */
  reasons: string[];
  /** The reading the verdict stands on (the transcript stored and shown to the partner); absent when No was pressed. */
  heard?: string;
  /** The name check beside the consent; absent when No was pressed (nothing was listened to). */
  nameCheck?: NameCheck;
}

/** Fillers that join two phrases, measured with the one they introduce. */
const CONNECTIVES: ReadonlySet<string> = new Set(['and', 'so']);
/** Refusals a sound or two from a consent phrase: alone, they may be one misheard. */
const NEAR_CONSENT: ReadonlySet<string> = new Set(["i don't consent", "i don't agree", 'i refuse']);
/** Fillers that say yes: said before a consent, they are not where a negation hides. */
const AFFIRMING_FILLERS: ReadonlySet<string> = new Set(['yes', 'yeah', 'okay']);
/** The phrase classes that may follow the last consent in a statement: what it consents to, and who is speaking. */
const AFTER_CONSENT: ReadonlySet<PhraseClass> = new Set(['affirm', 'affirm_object', 'name_intro']);

/**
 * Turns what was heard into a verdict. The verdict rests on the consent: granted when the partner clearly states
 * consent (every consent phrase heard fits the sound) and nothing heard contradicts it: every other word is a name
 * introduction, the name, or a filler that fits the sound too, nothing follows the consent but what it consents to
 * or who is speaking, and no speech is left that the phrases cannot explain ("he told me to say...", "I'm drunk
 * but...", "should I say...", "...but only if"). A refusal or a retraction heard clearly is denied; everything else is
 * unclear, and the partner may record again. Beside it, the name check (`checkName`): only a `different` name keeps a
 * consent from being granted. Where the recogniser offers several readings (the vocal tract warps), a grant needs one
 * reading that grants and none that heard something against it; a denial needs every reading to deny; otherwise the
 * recording is unclear. Pure: same input, same verdict.
 */
export function judge(input: JudgeInput): Judgement {
  if (input.decision === 'no') return { outcome: 'denied', reasons: ['pressed_no'] };
  const readings = [input.transcription, ...(input.transcription.alternatives ?? [])];
  const judgements = readings.map((reading) => ({
    ...judgeReading(reading, input.typedName, input.transcription.cohortAdvantage),
    heard: reading.text,
  }));
  const granted = judgements.find((judgement) => judgement.outcome === 'granted');
  // A reading that missed a word is no evidence against a consent another heard; one that heard something against it is.
  const against = granted && judgements.find((judgement) => judgement !== granted && contradicts(judgement, granted));
  if (granted && against) return disagree(against, judgements[0]);
  if (granted) return granted;
  // A refusal is the partner's last word only when every reading hears it: a consent heard once as "I refuse" in a
  // room must not tell someone who said yes that they said no.
  const denied = judgements.find((judgement) => judgement.outcome === 'denied');
  if (denied && judgements.some((judgement) => judgement.outcome !== 'denied')) return disagree(denied, judgements[0]);
  return denied ?? judgements[0];
}

/** Reasons a reading gives that speak against a consent: something heard, not something missed. */
const AGAINST_CONSENT: ReadonlySet<string> = new Set([
  'refusal',
  'retraction',
  'negation',
  'hesitation',
  'off_topic_speech',
  'speech_after_consent',
]);

/**
 * Whether `judgement` heard something against the consent `granted` stands on: a refusal, a negation, other speech;
 * or sound no phrase explains where it heard other words (the same words with a little more garbage are no evidence).
 */
function contradicts(judgement: Judgement & { heard: string }, granted: Judgement & { heard: string }): boolean {
  if (judgement.outcome === 'denied' || judgement.reasons.some((reason) => AGAINST_CONSENT.has(reason))) return true;
  return judgement.reasons.includes('unexplained_speech') && judgement.heard !== granted.heard;
}

/** The readings of one recording disagree: unclear, so the partner may say it again; the first reading is stored. */
function disagree(against: Judgement, first: Judgement & { heard: string }): Judgement {
  return {
    outcome: 'unclear',
    reasons: [...new Set(['readings_disagree', ...against.reasons])],
    heard: first.heard,
    nameCheck: first.nameCheck,
  };
}

/** The verdict one reading supports. */
function judgeReading(reading: Reading, typedName: string, cohortAdvantage: number | undefined): Judgement {
  const settings = SPEECH_CHECK_SETTINGS.judge;
  const words = reading.words;
  const statement = analyseStatement(
    words.map((word) => word.word),
    typedName,
  );
  const fits = new WordFits(words, settings.minFit);
  const nameCheck = checkName(statement, words, fits, typedName, cohortAdvantage);
  const nameReason = `name_${nameCheck}`;
  if (statement.tokens.length === 0) return unclear(['no_speech', ...reading.doubts], nameCheck);

  const has = (phraseClass: PhraseClass) => statement.classes.has(phraseClass);
  const of = (phraseClass: PhraseClass) => statement.phrases.filter((phrase) => phrase.phraseClass === phraseClass);
  const wordsOf = (phrase: FoundPhrase) => phrase.tokens.map((index) => statement.tokens[index]).join(' ');
  const heardClearly = (phrase: FoundPhrase, margin: number) => fits.fit(phrase.tokens, margin);
  const refusals = [has('refuse') && 'refusal', has('retract') && 'retraction'].filter(isReason);
  if (refusals.length > 0) {
    // A "no" followed by a consent ("no ... and I consent"): which one they mean, only they can say.
    const consentAfterRefusal = has('refuse') && has('affirm') && statement.firstAt.affirm! > statement.firstAt.refuse!;
    if (consentAfterRefusal && !has('retract')) return unclear([...refusals, 'consent_after_refusal'], nameCheck);
    // A lone "no" or "nope" is the refusal a recogniser most easily hears in a breath or a noisy room: alone, it asks
    // the partner again (they may press No) rather than tell someone who said yes that they refused.
    if (!has('retract') && statement.shortRefusalOnly) return unclear([...refusals, 'short_refusal'], nameCheck);
    // "I don't consent", "I don't agree" and "I refuse" are each a sound or two from "and I consent" and "and I
    // agree": heard alone, a consent misheard is as likely as a refusal (all 19 consents the development and held-out
    // runs denied were heard so), and a partner who meant it may press No. Another refusal with them is a refusal.
    if (!has('retract') && of('refuse').every((phrase) => NEAR_CONSENT.has(wordsOf(phrase))))
      return unclear([...refusals, 'uncertain_refusal'], nameCheck);
    // A refusal that does not fit the sound is not taken as the partner's last word: they may say it again.
    const clear = [...of('refuse'), ...of('retract')].some((phrase) => heardClearly(phrase, settings.refusalMargin));
    return clear
      ? { outcome: 'denied', reasons: refusals, nameCheck }
      : unclear([...refusals, 'uncertain_refusal'], nameCheck);
  }

  const consents = of('affirm');
  const lastConsentEnd = Math.max(-1, ...consents.map((phrase) => phrase.tokens[phrase.tokens.length - 1]));
  const afterConsent = statement.phrases.some(
    (phrase) => phrase.tokens[0] > lastConsentEnd && !AFTER_CONSENT.has(phrase.phraseClass),
  );
  const fillers = of('filler');
  const nextOf = (phrase: FoundPhrase) =>
    statement.phrases.find((other) => other.tokens[0] === phrase.tokens[phrase.tokens.length - 1] + 1);
  const isConnective = (phrase: FoundPhrase) =>
    phrase.phraseClass === 'filler' && CONNECTIVES.has(statement.tokens[phrase.tokens[0]]);
  // "and" is said into the phrase it joins ("...and I consent"): alone, its few frames blur into both neighbours.
  const withConnective = (phrase: FoundPhrase): FoundPhrase => {
    const next = isConnective(phrase) ? nextOf(phrase) : undefined;
    return next ? { ...phrase, tokens: [...phrase.tokens, ...next.tokens] } : phrase;
  };
  // The phrase said just before `phrase`, looking past the "and" that joins them.
  const before = (phrase: FoundPhrase): FoundPhrase | undefined => {
    const previous = statement.phrases.find((other) => other.tokens[other.tokens.length - 1] === phrase.tokens[0] - 1);
    return previous && isConnective(previous) ? before(previous) : previous;
  };
  // A negation said in a room blurs into the words before the consent ("I can't consent" heard as "hi uh and I
  // consent", "no, I do not agree" as "hi and I agree"): a filler there may be one, except one that says yes.
  const isFiller = (phrase: FoundPhrase | undefined) =>
    phrase?.phraseClass === 'filler' && !AFFIRMING_FILLERS.has(statement.tokens[phrase.tokens[0]]);
  // "Um, yes, I consent" has two fillers; more, or a run of them, is other speech they were forced onto ("he told me
  // to say"). An "and" that joins a phrase belongs to it: the statement said twice is no filler.
  const counted = fillers.filter(
    (phrase) => !(isConnective(phrase) && nextOf(phrase) && nextOf(phrase)!.phraseClass !== 'filler'),
  );
  const fillerTokens = new Set(counted.flatMap((phrase) => phrase.tokens));
  let run = 0;
  let fillerRun = 0;
  statement.tokens.forEach((_, index) => {
    run = fillerTokens.has(index) ? run + 1 : 0;
    fillerRun = Math.max(fillerRun, run);
  });
  const doubts = [
    has('hesitate') && 'hesitation',
    has('negate') && 'negation',
    consents.length === 0 && 'no_consent_statement',
    consents.length > 0 &&
      !consents.every((phrase) => heardClearly(phrase, settings.consentMargin)) &&
      'consent_unclear',
    consents.some((phrase) => inNegationSlot(wordsOf(phrase))) && 'consent_unclear',
    // A word of the consent at the shortest the model can hear it is one only where it runs into its neighbours
    // ("and-I consent"); apart from them it is the decoder's squeeze into sound that held another word or none ("and
    // ... I ... don't ... consent", said one word at a time, heard as "and i consent" with "don't" as "and").
    consents.some((phrase) => phrase.tokens.some((index) => squeezedApart(words, index))) && 'consent_unclear',
    statement.unmatched.length > 0 && 'off_topic_speech',
    consents.length > 0 &&
      (afterConsent || statement.unmatched.some((index) => index > lastConsentEnd)) &&
      'speech_after_consent',
    statement.phrases.some(
      (phrase) =>
        phrase.phraseClass !== 'affirm' && !heardClearly(withConnective(phrase), marginOf(phrase.phraseClass)),
    ) && 'unclear_words',
    (counted.length > settings.maxFillers || fillerRun >= settings.maxFillersInARow) && 'unclear_words',
    // Two introductions ("I'm ... I'm ...", "my name's ... my name is ...") other than the statement said again with
    // the typed name, or a name heard only as sounds for longer than the typed name takes to say: the name's place
    // stood for other speech ("my friend said I should say my name is", "I'm really ... but I consent", "my name is
    // ... and I consent, but only if ...").
    statement.names.length > 1 &&
      statement.names.some((name) => name.kind !== 'typed' || !fits.fit(name.tokens, settings.nameMargin)) &&
      'unclear_words',
    statement.names.some((name) => soundsFrames(name, words) > maxSoundsFrames(typedName)) && 'unclear_words',
    // After "I'm" or "this is" a name the sound does not confirm may as well be "so tired" or "not sure".
    statement.names.some(
      (name) => name.kind === 'typed' && !name.naming && !fits.fit(name.tokens, settings.nameMargin),
    ) && 'unclear_words',
    nameCheck === 'different' && nameReason,
    consents.some((phrase) => isFiller(before(phrase))) && 'filler_before_consent',
    ...reading.doubts,
  ].filter(isReason);
  if (doubts.length > 0) return unclear([...doubts, nameReason], nameCheck);
  return { outcome: 'granted', reasons: ['consent_affirmed', nameReason], nameCheck };
}

/** How far under the speaker's typical fit a phrase of each class may fit the sound and still be taken as said. */
function marginOf(phraseClass: PhraseClass): number {
  const settings = SPEECH_CHECK_SETTINGS.judge;
  return phraseClass === 'filler'
    ? settings.fillerMargin
    : phraseClass === 'affirm_object'
      ? settings.consentMargin
      : settings.phraseMargin;
}

/** Whether the word at `index` lasts no longer than a squeezed word and stands apart from a word beside it. */
function squeezedApart(words: readonly HeardWord[], index: number): boolean {
  const settings = SPEECH_CHECK_SETTINGS.judge;
  const fit = words[index].fit;
  if (!fit || fit.endFrame - fit.startFrame > settings.squeezedWordFrames) return false;
  const before = words[index - 1]?.fit;
  const after = words[index + 1]?.fit;
  return (
    (before !== undefined && fit.startFrame - before.endFrame >= settings.apartFrames) ||
    (after !== undefined && after.startFrame - fit.endFrame >= settings.apartFrames)
  );
}

/** The frames of a name's part that was heard only as sounds. */
function soundsFrames(name: FoundName, words: readonly HeardWord[]): number {
  return name.tokens.reduce(
    (sum, index) =>
      sum +
      (words[index].word === NAME_SOUNDS && words[index].fit
        ? words[index].fit!.endFrame - words[index].fit!.startFrame
        : 0),
    0,
  );
}

/**
 * How long a name heard as sounds may last: a little more than its letters take to say slowly (a name typed in
 * another script, with no letters to count, as long as a name of eight).
 */
function maxSoundsFrames(typedName: string): number {
  const settings = SPEECH_CHECK_SETTINGS.judge;
  return (
    settings.nameSoundsBaseFrames +
    settings.nameSoundsFramesPerLetter * Math.max(settings.nameSoundsMinLetters, tokenize(typedName).join('').length)
  );
}

function unclear(reasons: string[], nameCheck: NameCheck): Judgement {
  return { outcome: 'unclear', reasons: [...new Set(reasons)], nameCheck };
}

function isReason(value: string | false): value is string {
  return value !== false;
}
