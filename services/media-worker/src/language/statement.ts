import { tokenize } from '@app/contracts';
import { NAME_SLOT, NAME_SOUNDS, type PhraseClass, PHRASES } from './phrases';

/** A phrase of the list found in the transcript: tokens `start` to `end` (exclusive), names between them aside. */
export interface FoundPhrase {
  phraseClass: PhraseClass;
  /** Indices into `tokens`. */
  tokens: number[];
}

/** What stood where a name can stand. */
export interface FoundName {
  kind: 'typed' | 'other' | 'sounds';
  /** After "my name is" (or "call me"), where nothing but a name can stand; after "I'm" or "this is", much else can. */
  naming: boolean;
  /** Indices into `tokens`. */
  tokens: number[];
}

/** What a transcript says, in terms of the phrase classes. */
export interface StatementAnalysis {
  tokens: string[];
  phrases: FoundPhrase[];
  classes: ReadonlySet<PhraseClass>;
  /** Every refusal heard is a one-word one ("no", "nope"). */
  shortRefusalOnly: boolean;
  /** Where each class heard first begins (a token index). */
  firstAt: Partial<Record<PhraseClass, number>>;
  names: FoundName[];
  /** Tokens that belong to no phrase and stand where no name can: speech about something else. */
  unmatched: number[];
}

/** The introductions after which a name stands (the forms of `name_intro`, and "call me"), longest first. */
const INTRODUCTIONS = [...PHRASES.name_intro.map((phrase) => phrase.replace(` ${NAME_SLOT}`, '')), 'call me']
  .map((intro) => intro.split(' '))
  .sort((a, b) => b.length - a.length);
const MAX_OTHER_NAME_WORDS = 3;
const NAMING: ReadonlySet<string> = new Set(['my name is', "my name's", 'call me']);
/** Refusals, retractions and hesitations contain negations and affirm words; they are matched first and consume them. */
const MATCH_ORDER: readonly PhraseClass[] = [
  'retract',
  'refuse',
  'hesitate',
  'affirm',
  'affirm_object',
  'negate',
  'name_intro',
  'filler',
];
const PHRASE_WORDS: ReadonlySet<string> = new Set(
  Object.values(PHRASES).flatMap((phrases) => phrases.flatMap((phrase) => phrase.split(' '))),
);

/** Compares names by their letters only, allowing one slip in longer names ("Jordon" for "Jordan"). */
export function sameName(heard: string, typed: string): boolean {
  const a = heard.replace(/[^a-z]/g, '');
  const b = typed.replace(/[^a-z]/g, '');
  if (a.length === 0 || b.length === 0) return false;
  return a === b || (Math.min(a.length, b.length) >= 5 && editDistance(a, b) <= 1);
}

/** The typed name's parts: each word, and all of it run together ("Maryjane" for "Mary-Jane"). */
export function nameParts(typedName: string): string[] {
  const words = tokenize(typedName);
  return [...words, words.join('')].filter((part) => part.length > 0);
}

export function analyseStatement(tokens: readonly string[], typedName: string): StatementAnalysis {
  const parts = nameParts(typedName);
  const isTyped = (token: string) => parts.some((part) => sameName(token, part));
  const isNameWord = (token: string) => token === NAME_SOUNDS || isTyped(token);

  const names: FoundName[] = [];
  const inName = new Set<number>();
  const take = (name: FoundName) => {
    names.push(name);
    name.tokens.forEach((index) => inName.add(index));
  };
  for (let i = 0; i < tokens.length; i += 1) {
    const intro = INTRODUCTIONS.find((words) => words.every((word, k) => tokens[i + k] === word));
    if (!intro) continue;
    let end = i + intro.length;
    while (end < tokens.length && isNameWord(tokens[end])) end += 1;
    const run = range(i + intro.length, end);
    const naming = NAMING.has(intro.join(' '));
    if (run.length > 0)
      take({ kind: run.some((index) => isTyped(tokens[index])) ? 'typed' : 'sounds', naming, tokens: run });
    else {
      // Words there that no phrase has are someone else's name ("my name is Alex Smith"; "I'm so tired" is not granted either).
      while (end < tokens.length && end - i - intro.length < MAX_OTHER_NAME_WORDS && !PHRASE_WORDS.has(tokens[end]))
        end += 1;
      const other = range(i + intro.length, end);
      if (other.length > 0) take({ kind: 'other', naming, tokens: other });
    }
  }
  // The typed name said anywhere else ("I, Jordan, consent"; a provider's "I consent, Jordan").
  tokens.forEach((token, index) => {
    if (!inName.has(index) && isTyped(token)) take({ kind: 'typed', naming: false, tokens: [index] });
  });

  // Names are taken out before the phrases are matched, so "I, Jordan, agree" reads as "i agree" and "my name is" as an intro.
  const remaining = tokens.map((token, index) => ({ token, index })).filter(({ index }) => !inName.has(index));
  const consumed = new Set<number>();
  const phrases: FoundPhrase[] = [];
  for (const phraseClass of MATCH_ORDER) {
    const candidates = PHRASES[phraseClass]
      .map((phrase) => phrase.split(' ').filter((word) => word !== NAME_SLOT))
      .filter((words) => words.length > 0)
      .sort((a, b) => b.length - a.length);
    for (const words of candidates) {
      for (let i = 0; i + words.length <= remaining.length; i += 1) {
        const span = remaining.slice(i, i + words.length);
        if (span.every(({ token, index }, k) => token === words[k] && !consumed.has(index))) {
          phrases.push({ phraseClass, tokens: span.map(({ index }) => index) });
          span.forEach(({ index }) => consumed.add(index));
        }
      }
    }
  }
  phrases.sort((a, b) => a.tokens[0] - b.tokens[0]);
  const classes = new Set(phrases.map((phrase) => phrase.phraseClass));
  const firstAt: Partial<Record<PhraseClass, number>> = {};
  for (const phrase of phrases) firstAt[phrase.phraseClass] ??= phrase.tokens[0];
  const refusals = phrases.filter((phrase) => phrase.phraseClass === 'refuse');
  return {
    tokens: [...tokens],
    phrases,
    classes,
    shortRefusalOnly: refusals.length > 0 && refusals.every((phrase) => phrase.tokens.length === 1),
    firstAt,
    names,
    unmatched: remaining.map(({ index }) => index).filter((index) => !consumed.has(index)),
  };
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, k) => from + k);
}

export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}
