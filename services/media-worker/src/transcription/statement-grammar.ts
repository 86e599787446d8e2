import { NAME_SLOT, PHRASE_CLASSES, PHRASES, type PhraseClass } from '../judgement/phrases';
import { OTHER_NAMES } from './other-names';

/** The acoustic model's phones (cmudict's set): the garbage words, one per phone, that speech outside the phrases is heard as. */
export const PHONES = ['AA', 'AE', 'AH', 'AO', 'AW', 'AY', 'B', 'CH', 'D', 'DH', 'EH', 'ER', 'EY', 'F', 'G', 'HH', 'IH', 'IY', 'JH', 'K', 'L',
  'M', 'N', 'NG', 'OW', 'OY', 'P', 'R', 'S', 'SH', 'T', 'TH', 'UH', 'UW', 'V', 'W', 'Y', 'Z', 'ZH'] as const;
/**
 * Probabilities of the classes a decoder too easily hears in a vowel or a breath: a lone "not" or "can't" inside
 * "and I consent" made a consent unclear. Said plainly, each still fits far better than its penalty.
 */
export const PHRASE_WEIGHTS: Partial<Record<PhraseClass, number>> = { negate: 1e-4 };
/** The same for a one-word refusal or hesitation ("no", "maybe"): in noise, a breath was heard as "no". */
const SHORT_WORD_CLASSES: readonly PhraseClass[] = ['refuse', 'hesitate'];
const SHORT_WORD_WEIGHT = 1e-4;
/** Probability of each other name: the typed one is expected, another must fit clearly better to be heard. */
export const OTHER_NAME_WEIGHT = 1e-5;
/** Garbage words are named `ph_<phone>`: no typed name can be one (`nameWords` keeps no underscore). */
export const GARBAGE_PREFIX = 'ph_';

export interface StatementGrammar {
  /** JSGF, read by pocketsphinx's -jsgf. */
  jsgf: string;
  /** Every word of the grammar (garbage words aside), for the dictionary. */
  vocabulary: string[];
  /** The pronouncing dictionary's garbage entries, one phone each. */
  garbageEntries: string[];
}

/**
 * The closed world of what the check listens for: the partner's name (the typed one: all of it, or any word of it)
 * in its introductions, every phrase class of `PHRASES`, and a phone loop for everything else. Each garbage phone
 * costs `garbageWeight` (a probability), so the decoder takes a phrase wherever one fits the sound and garbage
 * where nothing does; the judge then finds speech outside the phrases ("he told me to say...") as such, rather
 * than forced into a consent. `names` must be sanitised words (see nameWords).
 */
export function buildStatementGrammar(names: readonly string[], garbageWeight: number): StatementGrammar {
  const otherNames = OTHER_NAMES.filter((name) => !names.includes(name));
  const nameRule = names.length > 0 ? alternatives([names.join(' '), ...names]) : `/${garbageWeight}/ ph_ah`;
  const rule = (phraseClass: PhraseClass) =>
    PHRASES[phraseClass]
      .map((phrase) => {
        // Only an introduction ("my name is ...") may name someone else; a lone name is only ever the typed one.
        const introduces = phraseClass === 'name_intro' && phrase.endsWith(` ${NAME_SLOT}`);
        const words = phrase.split(' ').map((word) => (word === NAME_SLOT ? (introduces ? '<intro_name>' : '<name>') : word));
        const weight = PHRASE_WEIGHTS[phraseClass] ?? (words.length === 1 && SHORT_WORD_CLASSES.includes(phraseClass) ? SHORT_WORD_WEIGHT : undefined);
        // A weight goes on an alternative's first word (pocketsphinx ignores one on a group), so weighted ones are bare.
        return weight === undefined ? `( ${words.join(' ')} )` : `/${weight}/ ${words.join(' ')}`;
      })
      .join(' | ');
  const garbage = PHONES.map((phone) => `/${garbageWeight}/ ${GARBAGE_PREFIX}${phone.toLowerCase()}`).join(' | ');
  const jsgf = [
    '#JSGF V1.0;',
    'grammar statement;',
    'public <utterance> = <part>+ ;',
    `<part> = ${PHRASE_CLASSES.filter((phraseClass) => phraseClass !== 'affirm_object').map((phraseClass) => (phraseClass === 'affirm' ? '<affirm> [ <affirm_object> ]' : `<${phraseClass}>`)).join(' | ')} | <garbage> ;`,
    `<name> = ${nameRule} ;`,
    `<intro_name> = <name> | ${otherNames.map((name) => `/${OTHER_NAME_WEIGHT}/ ${name}`).join(' | ')} ;`,
    ...PHRASE_CLASSES.map((phraseClass) => `<${phraseClass}> = ${rule(phraseClass)} ;`),
    `<garbage> = ${garbage} ;`,
    '',
  ].join('\n');
  const vocabulary = [...new Set([...PHRASE_CLASSES.flatMap((phraseClass) => PHRASES[phraseClass]).flatMap((phrase) => phrase.split(' ')), ...names, ...otherNames])]
    .filter((word) => word !== NAME_SLOT)
    .sort();
  const garbageEntries = PHONES.map((phone) => `${GARBAGE_PREFIX}${phone.toLowerCase()} ${phone}`);
  return { jsgf, vocabulary, garbageEntries };
}

function alternatives(options: readonly string[]): string {
  return [...new Set(options)].map((option) => `( ${option} )`).join(' | ');
}
