/**
 * The one list of what a partner may say, by meaning. The local recogniser's grammar is built from it and the judge
 * reads transcripts with it, so the two cannot drift apart. Lower case, words separated by single spaces; `{name}`
 * stands for the typed name.
 */
export const PHRASE_CLASSES = ['affirm', 'affirm_object', 'refuse', 'retract', 'hesitate', 'negate', 'name_intro', 'filler'] as const;
export type PhraseClass = (typeof PHRASE_CLASSES)[number];

export const NAME_SLOT = '{name}';

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
  /** Only the forms that end in the slot can reveal a different name (see `statement.ts`). */
  name_intro: ['my name is {name}', "my name's {name}", 'i am {name}', "i'm {name}", 'this is {name}', '{name} here', '{name}'],
  /** Said around a statement without changing its meaning. */
  filler: ['um', 'uh', 'yes', 'yeah', 'okay', 'so', 'and', 'well', 'hello', 'hi'],
};
