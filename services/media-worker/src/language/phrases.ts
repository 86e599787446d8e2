import { FILLER_WORDS } from '@app/contracts';

/**
 * The one list of what a partner may say, by meaning. The local recogniser's grammar is built from it and the judge
 * reads transcripts with it, so the two cannot drift apart. Lower case, words separated by single spaces; `{name}`
 * stands for the partner's name, and is the only place a name can stand.
 */
export const PHRASE_CLASSES = [
  'affirm',
  'affirm_object',
  'refuse',
  'retract',
  'hesitate',
  'negate',
  'name_intro',
  'filler',
] as const;
export type PhraseClass = (typeof PHRASE_CLASSES)[number];

export const NAME_SLOT = '{name}';
/**
 * The word a transcript holds where a name was said that the recogniser heard only as sounds (it fits no way of
 * saying the typed name the check knows, nor any other name): shown as such, never as a name it did not hear.
 */
export const NAME_SOUNDS = '…';

export const PHRASES: Readonly<Record<PhraseClass, readonly string[]>> = {
  affirm: [
    'i consent',
    'i do consent',
    'i fully consent',
    'i give consent',
    'i give my consent',
    'give my consent',
    'i agree',
    'i do agree',
    'i fully agree',
    'consent given',
  ],
  /** What an affirmation may name, right after it ("I consent to this"). */
  affirm_object: ['to this', 'to it', 'to this recording', 'to sex', 'to having sex'],
  refuse: [
    'i do not consent',
    "i don't consent",
    'i can not consent',
    'i cannot consent',
    "i can't consent",
    'i will not consent',
    "i won't consent",
    'i do not agree',
    "i don't agree",
    'i refuse',
    'i do not want to',
    "i don't want to",
    "i don't want this",
    'no',
    'nope',
  ],
  retract: [
    'actually no',
    'wait no',
    'i take it back',
    'i changed my mind',
    "i've changed my mind",
    'i withdraw',
    'i withdraw my consent',
    'never mind',
    'just kidding',
  ],
  hesitate: [
    "i'm not sure",
    'i am not sure',
    'not sure',
    "i don't know",
    'maybe',
    'perhaps',
    'probably',
    'i guess',
    'i think',
    'i suppose',
    'kind of',
    'sort of',
  ],
  negate: ['not', "don't", 'do not', 'never', 'nothing', 'nobody', "can't", 'cannot', "won't", 'without'],
  /** A name said here may be someone else's: the typed one, another, or one heard only as sounds. */
  name_intro: ['my name is {name}', "my name's {name}", 'i am {name}', "i'm {name}", 'this is {name}'],
  /** Said around a statement without changing its meaning (the partner's page reads them so too). */
  filler: FILLER_WORDS,
};
