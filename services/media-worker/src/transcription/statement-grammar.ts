import { NAME_SLOT, PHRASE_CLASSES, type PhraseClass, PHRASES } from '../language/phrases';

/** The acoustic model's phones (cmudict's set): the garbage words, one per phone, that speech outside the phrases is heard as. */
export const PHONES = [
  'AA',
  'AE',
  'AH',
  'AO',
  'AW',
  'AY',
  'B',
  'CH',
  'D',
  'DH',
  'EH',
  'ER',
  'EY',
  'F',
  'G',
  'HH',
  'IH',
  'IY',
  'JH',
  'K',
  'L',
  'M',
  'N',
  'NG',
  'OW',
  'OY',
  'P',
  'R',
  'S',
  'SH',
  'T',
  'TH',
  'UH',
  'UW',
  'V',
  'W',
  'Y',
  'Z',
  'ZH',
] as const;
/** Garbage words are named `ph_<phone>`: no typed name can be one (`nameWords` keeps no underscore). */
export const GARBAGE_PREFIX = 'ph_';
/** The phones of a name the dictionary could not give (`nm_<phone>`), heard where a name stands. */
export const NAME_PHONE_PREFIX = 'nm_';

export interface GrammarWeights {
  /** Probability of each garbage phone: how much better than any phrase a sound must fit to be garbage. */
  garbage: number;
  /** Probability of each phrase (or garbage phone) in the utterance: fewer, longer explanations of the sound are preferred. */
  part: number;
  /** Probability of each phone of a name heard as phones (one the pronunciations missed). */
  namePhone: number;
  /** A name heard as phones has at most as many as the typed name has letters (at least `minLetters`), plus `extra`. */
  namePhones: { minLetters: number; extra: number };
  /** Probabilities of phrase classes a decoder too easily hears in a vowel or a breath. */
  phraseClass: Partial<Record<PhraseClass, number>>;
  /** The same for one-word phrases of these classes ("no", "maybe"). */
  shortWord: { classes: readonly PhraseClass[]; weight: number };
}

export interface StatementGrammar {
  /** JSGF, read by pocketsphinx's -jsgf. */
  jsgf: string;
  /** Every word of the grammar (garbage and name phones aside), for the dictionary. */
  vocabulary: string[];
  /** The pronouncing dictionary's phone entries (garbage and name phones), one phone each. */
  phoneEntries: string[];
}

/**
 * The closed world of what the check listens for: every phrase class of `PHRASES`, the partner's name where a name
 * can stand, and a phone loop for everything else. Where a name is introduced ("my name is ...", "I am ...", "this is
 * ...") it is the typed name (all of it, or any word of it); after "my name is" also a name heard only as phones (the
 * partner says their name in a way the pronunciations missed); between "I" and "consent" it is only the typed name.
 * No other name is offered: a name the partner did not type is measured apart (`name-cohort.ts`), so it can never win
 * by default. Each garbage phone costs `weights.garbage`, so the decoder takes a phrase wherever one fits the sound and
 * garbage where nothing does; every word is then verified against an unconstrained decode of the same frames
 * (`decode-reading.ts`). `names` must be sanitised words (see nameWords).
 */
export function buildStatementGrammar(names: readonly string[], weights: GrammarWeights): StatementGrammar {
  const typedName = names.length > 0 ? alternatives([names.join(' '), ...names]) : undefined;
  const rule = (phraseClass: PhraseClass) =>
    PHRASES[phraseClass]
      // With no typed name to hear, only "my name is ..." keeps a place for a name (heard as sounds).
      .filter((phrase) => typedName !== undefined || !phrase.includes(NAME_SLOT) || phrase.startsWith('my name'))
      .map((phrase) => {
        // Only an introduction ("I am ...") may name someone else, and only "my name is ..." a name heard as sounds: after
        // "I'm" or "this is", sounds would as well fit "so tired" or "not sure".
        const slot =
          phraseClass !== 'name_intro' ? '<name>' : phrase.startsWith('my name') ? '<naming>' : '<intro_name>';
        const words = phrase.split(' ').map((word) => (word === NAME_SLOT ? slot : word));
        // Each phrase begins a part of the utterance (an object continues its consent, and costs nothing more).
        const partWeight = phraseClass === 'affirm_object' ? 1 : weights.part;
        const weight =
          partWeight *
          (weights.phraseClass[phraseClass] ??
            (words.length === 1 && weights.shortWord.classes.includes(phraseClass) ? weights.shortWord.weight : 1));
        // A weight goes on an alternative's first word (pocketsphinx ignores one on a group or a rule), so weighted ones are bare.
        return weight === 1 ? `( ${words.join(' ')} )` : `/${weight}/ ${words.join(' ')}`;
      })
      .join(' | ');
  const phoneAlternatives = (prefix: string, weight: number) =>
    PHONES.map((phone) => `/${weight}/ ${prefix}${phone.toLowerCase()}`).join(' | ');
  const jsgf = [
    '#JSGF V1.0;',
    'grammar statement;',
    'public <utterance> = <part>+ ;',
    `<part> = ${PHRASE_CLASSES.filter((phraseClass) => phraseClass !== 'affirm_object')
      .map((phraseClass) => (phraseClass === 'affirm' ? '<affirm> [ <affirm_object> ]' : `<${phraseClass}>`))
      .join(' | ')} | <garbage> ;`,
    ...(typedName ? [`<name> = ${typedName} ;`] : []),
    ...(typedName ? ['<intro_name> = <name> ;'] : []),
    // After "my name is" the typed name may end in a sound or two its pronunciations lack (a vowel held longer).
    `<naming> = ${typedName ? '<intro_name> [ <name_phone> [ <name_phone> ] ] | ' : ''}<name_phones> ;`,
    `<name_phones> = ${upTo(maxNamePhones(names, weights), '<name_phone>')} ;`,
    `<name_phone> = ${phoneAlternatives(NAME_PHONE_PREFIX, weights.namePhone)} ;`,
    ...PHRASE_CLASSES.map((phraseClass) => `<${phraseClass}> = ${rule(phraseClass)} ;`),
    `<garbage> = ${phoneAlternatives(GARBAGE_PREFIX, weights.garbage * weights.part)} ;`,
    '',
  ].join('\n');
  const vocabulary = [
    ...new Set([
      ...PHRASE_CLASSES.flatMap((phraseClass) => PHRASES[phraseClass]).flatMap((phrase) => phrase.split(' ')),
      ...names,
    ]),
  ]
    .filter((word) => word !== NAME_SLOT)
    .sort();
  const phoneEntries = [GARBAGE_PREFIX, NAME_PHONE_PREFIX].flatMap((prefix) =>
    PHONES.map((phone) => `${prefix}${phone.toLowerCase()} ${phone}`),
  );
  return { jsgf, vocabulary, phoneEntries };
}

/** JSGF alternatives, each a word sequence, without repeats: `( a b ) | ( c )`. */
export function alternatives(options: readonly string[]): string {
  return [...new Set(options)].map((option) => `( ${option} )`).join(' | ');
}

/** How many phones a name heard as phones may have: bounded, so they cannot stand for the rest of the statement. */
function maxNamePhones(names: readonly string[], weights: GrammarWeights): number {
  return Math.max(weights.namePhones.minLetters, names.join('').length) + weights.namePhones.extra;
}

/** One to `count` of `item` in a row (JSGF has no counted repetition): `a [ a [ a ] ]`. */
function upTo(count: number, item: string): string {
  return count <= 1 ? item : `${item} [ ${upTo(count - 1, item)} ]`;
}
