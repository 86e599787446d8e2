import { PHRASES, PhraseClass } from './phrases';

/** What a transcript says, in terms of the phrase classes. */
export interface StatementAnalysis {
  tokens: string[];
  classes: ReadonlySet<PhraseClass>;
  /** Every refusal heard is a one-word one ("no", "nope"). */
  shortRefusalOnly: boolean;
  /** Where each class heard first begins (a token index). */
  firstAt: Partial<Record<PhraseClass, number>>;
  /** Names introduced with "my name is X" that are not a part of the typed name. */
  otherNames: string[];
  /** Whether a part of the typed name was heard. */
  nameHeard: boolean;
  /** Words that belong to no phrase and are not the name: speech about something else. */
  unmatched: string[];
}

/** Introductions after which the next word is taken to be a name (other intros may precede "not sure" etc.). */
const NAMING_INTROS = [['my', 'name', 'is'], ['my', "name's"], ['call', 'me']];
/** Refusals, retractions and hesitations contain negations and affirm words; they are matched first and consume them. */
const MATCH_ORDER: readonly PhraseClass[] = ['retract', 'refuse', 'hesitate', 'affirm', 'affirm_object', 'negate', 'name_intro', 'filler'];

/** Lower-case words of letters and apostrophes; everything else (hyphens too: "Mary-Jane") separates words. */
export function tokenize(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .split(/[^a-z']+/)
    .map((token) => token.replace(/^'+|'+$/g, ''))
    .filter((token) => token.length > 0);
}

/** Compares names by their letters only, allowing one slip in longer names ("Jordon" for "Jordan"). */
export function sameName(heard: string, typed: string): boolean {
  const a = heard.replace(/[^a-z]/g, '');
  const b = typed.replace(/[^a-z]/g, '');
  if (a.length === 0 || b.length === 0) return false;
  return a === b || (Math.min(a.length, b.length) >= 5 && editDistance(a, b) <= 1);
}

export function analyseStatement(text: string, typedName: string): StatementAnalysis {
  const tokens = tokenize(text);
  // Each word of the typed name, and all of it run together ("Maryjane" for "Mary-Jane").
  const nameParts = [...tokenize(typedName), tokenize(typedName).join('')];
  const isName = (token: string) => nameParts.some((part) => sameName(token, part));

  const otherNames: string[] = [];
  for (const intro of NAMING_INTROS) {
    for (let i = 0; i + intro.length < tokens.length; i += 1) {
      if (intro.every((word, k) => tokens[i + k] === word) && !isName(tokens[i + intro.length])) {
        otherNames.push(tokens[i + intro.length]);
      }
    }
  }
  const nameHeard = tokens.some(isName);
  // The name is dropped before matching, so "I, Jordan, agree" reads as "i agree" and "my name is" as an intro.
  const remaining: (string | undefined)[] = tokens.filter((token) => !isName(token));
  const classes = new Set<PhraseClass>();
  const firstAt: Partial<Record<PhraseClass, number>> = {};
  let longRefusal = false;
  for (const phraseClass of MATCH_ORDER) {
    const phrases = PHRASES[phraseClass]
      .map((phrase) => phrase.split(' ').filter((word) => !word.includes('{')))
      .filter((words) => words.length > 0)
      .sort((a, b) => b.length - a.length);
    for (const words of phrases) {
      for (let i = 0; i + words.length <= remaining.length; i += 1) {
        if (words.every((word, k) => remaining[i + k] === word)) {
          classes.add(phraseClass);
          firstAt[phraseClass] = Math.min(firstAt[phraseClass] ?? i, i);
          if (phraseClass === 'refuse' && words.length > 1) longRefusal = true;
          remaining.fill(undefined, i, i + words.length);
        }
      }
    }
  }
  const unmatched = remaining.filter((token): token is string => token !== undefined && !otherNames.includes(token));
  return { tokens, classes, shortRefusalOnly: classes.has('refuse') && !longRefusal, firstAt, otherNames, nameHeard, unmatched };
}

function editDistance(a: string, b: string): number {
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
