import type { SpeechCondition, SpokenPart, Voice } from '@app/testing';

/**
 * What the speech check is measured on: the sentence the partner is shown, consents in the partner's own words,
 * another person's name, and every way not to consent, each said with the name the partner typed. Names come from
 * nine origins and are said the way their owners would (the sentence in an English voice, the name in a voice of the
 * name's own language, joined in one recording). Everything is split in two: what development tuned the check on,
 * and a held-out part (names, statements and voices) that only measures it.
 */

/** `development`: used while the check was tuned; `held_out`: never looked at while tuning, only measured. */
export type CorpusSet = 'development' | 'held_out';

export const NAME_ORIGINS = [
  'english',
  'west_african',
  'south_asian',
  'east_asian',
  'slavic',
  'irish',
  'hispanic',
  'arabic',
  'vietnamese',
] as const;
export type NameOrigin = (typeof NAME_ORIGINS)[number];

export interface PartnerName {
  /** As the partner types it on the form. */
  typed: string;
  origin: NameOrigin;
  /** How its owner says it: an espeak-ng language and the name in that language's own spelling; absent: in the sentence's English voice. */
  said?: { language: string; text: string };
  set: CorpusSet;
}

const name = (
  set: CorpusSet,
  origin: NameOrigin,
  typed: string,
  said?: { language: string; text: string },
): PartnerName => ({ typed, origin, said, set });
const dev = (origin: NameOrigin, typed: string, language?: string, text?: string) =>
  name('development', origin, typed, language ? { language, text: text ?? typed } : undefined);
const heldOut = (origin: NameOrigin, typed: string, language?: string, text?: string) =>
  name('held_out', origin, typed, language ? { language, text: text ?? typed } : undefined);

export const NAMES: readonly PartnerName[] = [
  dev('english', 'Jordan Lee'),
  dev('english', 'Emily Clarke'),
  dev('west_african', 'Adaeze Okafor', 'sw'),
  dev('west_african', 'Oluwaseun Adeyemi', 'sw'),
  dev('south_asian', 'Kavya Iyer', 'hi', 'काव्या अय्यर'),
  dev('south_asian', 'Priya Sharma', 'hi', 'प्रिया शर्मा'),
  dev('east_asian', 'Xiaoling Zhao', 'cmn-latn-pinyin', 'xiao3ling2 zhao4'),
  dev('east_asian', 'Wei Chen', 'cmn-latn-pinyin', 'wei4 chen2'),
  dev('slavic', 'Dmitri Volkov', 'ru', 'Дмитрий Волков'),
  dev('slavic', 'Katarzyna Nowak', 'pl'),
  dev('irish', 'Saoirse Ní Bhraonáin', 'ga'),
  dev('irish', "Siobhán O'Connor", 'ga', 'Siobhán Ó Conchúir'),
  dev('hispanic', 'José Luis Hernández', 'es'),
  dev('hispanic', 'María Fernanda Ruiz', 'es-419'),
  dev('arabic', 'Fatima Al-Zahra', 'ar', 'فاطمة الزهراء'),
  dev('arabic', 'Youssef Haddad', 'ar', 'يوسف حداد'),
  dev('vietnamese', 'Thanh Hương Phạm', 'vi'),
  dev('vietnamese', 'Nguyễn Văn Minh', 'vi'),

  heldOut('english', 'Ryan Cooper'),
  heldOut('english', 'Hannah Brooks'),
  heldOut('west_african', 'Chiamaka Eze', 'sw'),
  heldOut('west_african', 'Kwame Mensah', 'sw'),
  heldOut('south_asian', 'Arjun Reddy', 'hi', 'अर्जुन रेड्डी'),
  heldOut('south_asian', 'Lakshmi Narayanan', 'ta', 'லட்சுமி நாராயணன்'),
  heldOut('east_asian', 'Mei Ling Chan', 'yue', '美 玲 陳'),
  heldOut('east_asian', 'Haruto Sato', 'ja', 'はると さとう'),
  heldOut('slavic', 'Olena Kovalenko', 'uk', 'Олена Коваленко'),
  heldOut('slavic', 'Tomasz Wiśniewski', 'pl'),
  heldOut('irish', 'Niamh Ó Briain', 'ga'),
  heldOut('irish', 'Caoimhe Ní Dhuibhir', 'ga'),
  heldOut('hispanic', 'Alejandro Gutiérrez', 'es'),
  heldOut('hispanic', 'Ana Sofía Ramírez', 'es-419'),
  heldOut('arabic', 'Khalid Mansour', 'ar', 'خالد منصور'),
  heldOut('arabic', 'Layla Abdullah', 'ar', 'ليلى عبد الله'),
  heldOut('vietnamese', 'Trần Thị Lan', 'vi'),
  heldOut('vietnamese', 'Lê Quang Huy', 'vi'),
];

/**
 * What a recording is, for the measurement: a consent in the shown sentence or in the partner's own words, a
 * consent given under another person's name, or one of the ways not to consent (never to be granted).
 */
export const STATEMENT_KINDS = [
  'shown_sentence',
  'own_words',
  'other_name',
  'refusal',
  'negation',
  'retraction',
  'taken_back',
  'limited_to_nothing',
  'conditional',
  'hesitation',
  'reported_speech',
  'incapacity',
  'question',
  'coercion',
  'off_topic',
  'sound_alike',
  'silence',
  'noise',
  'music',
] as const;
export type StatementKind = (typeof STATEMENT_KINDS)[number];

/** The consents the check must grant; `other_name` is measured on its own (it must come out `different`). */
export const isConsent = (kind: StatementKind) => kind === 'shown_sentence' || kind === 'own_words';

export interface StatementTemplate {
  id: string;
  kind: StatementKind;
  /** What is said, `{name}` standing for the partner's name; absent for the clips without speech. */
  text?: string;
  set: CorpusSet;
}

export const SHOWN_SENTENCE = 'My name is {name} and I consent.';

const t =
  (set: CorpusSet) =>
  (kind: StatementKind, id: string, text?: string): StatementTemplate => ({ id, kind, text, set });
const d = t('development');
const h = t('held_out');

export const TEMPLATES: readonly StatementTemplate[] = [
  d('shown_sentence', 'shown', SHOWN_SENTENCE),

  d('own_words', 'consent_first', 'I consent. My name is {name}.'),
  d('own_words', 'yes_consent_name', 'Yes, I consent, my name is {name}.'),
  d('own_words', 'im_agree', "I'm {name} and I agree."),
  d('own_words', 'this_is_to_this', 'This is {name}. I consent to this.'),
  d('own_words', 'hi_fully', 'Hi, I am {name}, and I fully consent.'),
  d('own_words', 'give_my_consent', 'My name is {name}. I give my consent.'),
  d('own_words', 'i_name_consent', 'I, {name}, consent.'),
  h('own_words', 'hello_consent', 'Hello, my name is {name}, and I consent.'),
  h('own_words', 'agree_then_name', 'I agree. My name is {name}.'),
  h('own_words', 'names_agree_to_this', "My name's {name} and I agree to this."),
  h('own_words', 'yes_do_consent', 'This is {name}, and yes, I do consent.'),
  h('own_words', 'okay_i_am', 'Okay. I am {name}, and I consent to this.'),

  d('refusal', 'do_not', 'I do not consent.'),
  d('refusal', 'name_do_not', 'My name is {name} and I do not consent.'),
  d('refusal', 'no_dont_want', "No. I don't want to do this."),
  d('refusal', 'dont_to_this', "I don't consent to this."),
  d('refusal', 'no_not_agree', 'My name is {name}, and no, I do not agree.'),
  d('negation', 'never_agreed', 'I never agreed to this.'),
  d('negation', 'wont', "My name is {name} and I won't consent."),
  d('negation', 'cant', "I can't consent to this."),
  d('retraction', 'changed_mind', 'My name is {name} and I consent. Actually no, I changed my mind.'),
  d('retraction', 'take_it_back', 'I consent. Wait, no. I take it back.'),
  d('retraction', 'withdraw', 'I agreed earlier, but I withdraw my consent.'),
  d('taken_back', 'no_i_dont', "My name is {name} and I consent. No, I don't."),
  d('taken_back', 'not_really', 'My name is {name} and I consent. Not really, no.'),
  d('taken_back', 'kidding', "My name is {name} and I consent. Just kidding, I don't."),
  d('limited_to_nothing', 'to_nothing', 'I consent to nothing.'),
  d('limited_to_nothing', 'name_nothing_at_all', 'My name is {name} and I consent to nothing at all.'),
  d('conditional', 'only_if_pay', 'My name is {name} and I consent, but only if you pay me.'),
  d('conditional', 'if_sober', 'I would consent if I were sober.'),
  d('hesitation', 'not_sure', "I'm not sure. Maybe."),
  d('hesitation', 'guess', "I guess I consent, I don't know."),
  d('hesitation', 'think_later', 'Um, I think so. Maybe later.'),
  d('reported_speech', 'told_me', 'He told me to say I consent.'),
  d('reported_speech', 'friend_said', 'My friend said I should say my name is {name} and I consent.'),
  d('incapacity', 'drunk_but', "I'm really drunk, but I consent."),
  d('incapacity', 'too_high', "My name is {name} and I'm too high to decide."),
  d('incapacity', 'wasted', "I'm so wasted right now."),
  d('question', 'have_to', 'Do I have to say I consent?'),
  d('question', 'should_i', 'Should I say my name is {name} and I consent?'),
  d('coercion', 'forced', "I'm being forced to say I consent."),
  d('off_topic', 'weather', 'The weather is lovely today and it might rain tomorrow.'),
  d('off_topic', 'remote', 'Can you pass me the remote control, please?'),
  d('sound_alike', 'can_send', 'I can send it tomorrow.'),
  d('sound_alike', 'concert', 'We went to a concert last night.'),
  d('silence', 'silence'),
  d('noise', 'noise'),
  d('music', 'music'),
  h('refusal', 'name_dont', "My name is {name}, and I don't consent."),
  h('refusal', 'no_refuse', 'No, I refuse.'),
  h('negation', 'not_consented', 'I have not consented to anything.'),
  h('retraction', 'withdraw_name', 'My name is {name}. I consent. Wait, I withdraw it.'),
  h('taken_back', 'not_tonight', 'My name is {name} and I consent. Not tonight, sorry.'),
  h('taken_back', 'actually_dont', "My name is {name} and I consent. Actually, I don't."),
  h('taken_back', 'no_wait', "I consent. No wait, I don't want to."),
  h('limited_to_nothing', 'none_of_this', 'I consent to none of this.'),
  h('limited_to_nothing', 'name_absolutely_nothing', 'My name is {name} and I consent to absolutely nothing.'),
  h('conditional', 'if_marry', 'My name is {name} and I consent if you promise to marry me.'),
  h('conditional', 'if_friend', "I only consent if my friend says it's okay."),
  h('hesitation', 'think_maybe', 'I think I consent, maybe.'),
  h('reported_speech', 'she_said', 'She said I have to say I consent.'),
  h('incapacity', 'barely_stand', 'I can barely stand, but I consent.'),
  h('question', 'want_me_to', 'Do you want me to say I consent?'),
  h('coercion', 'no_choice', "I don't have a choice, so I consent."),
  h('off_topic', 'pizza', "Let's order pizza and watch a movie tonight."),
  h('sound_alike', 'concede', 'I concede the point.'),
];

/** Another person's name said in the shown sentence, for the name the partner typed: the check must find it `different`. */
export interface OtherNamePair {
  typed: string;
  said: PartnerName;
  set: CorpusSet;
}

const english = (typed: string, set: CorpusSet): PartnerName => ({ typed, origin: 'english', set });
const byTyped = (typed: string) => NAMES.find((candidate) => candidate.typed === typed)!;
export const OTHER_NAME_PAIRS: readonly OtherNamePair[] = [
  { typed: 'Jordan Lee', said: english('Taylor Smith', 'development'), set: 'development' },
  { typed: 'Kavya Iyer', said: english('Emily Clarke', 'development'), set: 'development' },
  { typed: 'Adaeze Okafor', said: english('Michael Brown', 'development'), set: 'development' },
  { typed: 'Emily Clarke', said: byTyped('Priya Sharma'), set: 'development' },
  { typed: 'Dmitri Volkov', said: byTyped('Oluwaseun Adeyemi'), set: 'development' },
  { typed: 'Xiaoling Zhao', said: byTyped('José Luis Hernández'), set: 'development' },
  { typed: 'Ryan Cooper', said: byTyped('Khalid Mansour'), set: 'held_out' },
  { typed: 'Chiamaka Eze', said: english('Jennifer Wilson', 'held_out'), set: 'held_out' },
  { typed: 'Arjun Reddy', said: byTyped('Trần Thị Lan'), set: 'held_out' },
  { typed: 'Niamh Ó Briain', said: english('Robert Johnson', 'held_out'), set: 'held_out' },
  { typed: 'Olena Kovalenko', said: byTyped('Kwame Mensah'), set: 'held_out' },
  { typed: 'Khalid Mansour', said: byTyped('Tomasz Wiśniewski'), set: 'held_out' },
];

/** An English voice of the measurement, with the espeak-ng variant its names are said in (the same sex). */
export interface SentenceVoice {
  voice: Voice;
  nameVariant: string;
  set: CorpusSet;
}

export const SENTENCE_VOICES: readonly SentenceVoice[] = [
  { voice: 'slt', nameVariant: 'f2', set: 'development' },
  { voice: 'awb', nameVariant: 'm3', set: 'development' },
  { voice: 'espeak:en-us+f3', nameVariant: 'f3', set: 'development' },
  { voice: 'espeak:en-gb+m3', nameVariant: 'm3', set: 'development' },
  { voice: 'rms', nameVariant: 'm1', set: 'held_out' },
  { voice: 'kal16', nameVariant: 'm2', set: 'held_out' },
  { voice: 'espeak:en-029+f2', nameVariant: 'f4', set: 'held_out' },
  { voice: 'espeak:en-gb-scotland+m4', nameVariant: 'm4', set: 'held_out' },
];

/** One recording's content: what is said, in which voices, and the name the partner typed. */
export interface Statement {
  /** Unique within the corpus: the template, and the name where there is one. */
  id: string;
  kind: StatementKind;
  typedName: string;
  /** The origin of the name said (for `other_name`, of the name typed). */
  origin: NameOrigin;
  /** The text with the name in it, as a person reads it. */
  text?: string;
  set: CorpusSet;
  /** The parts to say, `{name}` where the name goes: `speak` puts the name in its own voice. */
  parts?: readonly (string | PartnerName)[];
}

/** The template's text cut at `{name}`, the name put in its place. */
function partsOf(text: string, said: PartnerName): (string | PartnerName)[] {
  const [before, after] = text.split('{name}');
  return after === undefined ? [text] : [before, said, after].filter((part) => part !== '');
}

function statement(
  template: StatementTemplate,
  typed: PartnerName,
  said: PartnerName = typed,
  kind = template.kind,
): Statement {
  const named = template.text?.includes('{name}') ?? false;
  return {
    id: `${template.id}/${named || kind !== template.kind ? said.typed : typed.typed}`,
    kind,
    typedName: typed.typed,
    origin: typed.origin,
    text: template.text?.replace('{name}', said.typed),
    set:
      template.set === 'held_out' || typed.set === 'held_out' || said.set === 'held_out' ? 'held_out' : 'development',
    parts: template.text === undefined ? undefined : partsOf(template.text, said),
  };
}

/**
 * Every statement of one set: the shown sentence with each name, each own-words template with three names of
 * different origins, each way not to consent with one name (rotating), and the other-name pairs.
 */
export function statementsOf(set: CorpusSet): Statement[] {
  const names = NAMES.filter((candidate) => candidate.set === set);
  const templates = TEMPLATES.filter(
    (template) => template.set === set || (set === 'held_out' && template.kind === 'shown_sentence'),
  );
  const rotating = (i: number) => names[(i * 7) % names.length];
  return [
    ...templates
      .filter((template) => template.kind === 'shown_sentence')
      .flatMap((template) => names.map((typed) => statement(template, typed))),
    ...templates
      .filter((template) => template.kind === 'own_words')
      .flatMap((template, i) => [0, 1, 2].map((k) => statement(template, names[(i * 3 + k * 6) % names.length]))),
    ...templates.filter((template) => !isConsent(template.kind)).map((template, i) => statement(template, rotating(i))),
    ...OTHER_NAME_PAIRS.filter((pair) => pair.set === set).map((pair) =>
      statement(
        { id: 'other_name', kind: 'other_name', text: SHOWN_SENTENCE, set },
        byTypedOrEnglish(pair.typed, set),
        pair.said,
        'other_name',
      ),
    ),
  ];
}

function byTypedOrEnglish(typed: string, set: CorpusSet): PartnerName {
  return NAMES.find((candidate) => candidate.typed === typed) ?? english(typed, set);
}

/** The parts of a statement in `voice`, its name said in the voice of its language (same sex as the sentence's). */
export function spokenParts(statement: Statement, voice: SentenceVoice): SpokenPart[] {
  return (statement.parts ?? [])
    .map((part) =>
      typeof part === 'string'
        ? { voice: voice.voice, text: part.trim() }
        : part.said
          ? { voice: `espeak:${part.said.language}+${voice.nameVariant}` as Voice, text: part.said.text }
          : { voice: voice.voice, text: part.typed },
    )
    .filter((part) => /\p{L}/u.test(part.text));
}

/** Babble's four talkers and what they say: nothing the check listens for. */
export const BABBLE_TALKERS: readonly { voice: Voice; text: string }[] = [
  {
    voice: 'espeak:en-gb+m5',
    text: 'The train was late again this morning, so we walked along the river and stopped for breakfast at the little bakery near the bridge. '.repeat(
      3,
    ),
  },
  {
    voice: 'awb',
    text: 'Put the potatoes in the oven for forty minutes, then add the peppers and a little olive oil, and stir everything before serving. '.repeat(
      3,
    ),
  },
  {
    voice: 'espeak:en-us+f4',
    text: 'Our meeting moved to Thursday afternoon because the projector in the big room is broken and the new one arrives next week. '.repeat(
      3,
    ),
  },
  {
    voice: 'slt',
    text: 'The garden needs water every evening in summer, and the roses by the fence grow best when the soil stays damp and cool. '.repeat(
      3,
    ),
  },
];

/** The floors the check is held to, first recording only, per group of conditions (issue: shown sentence; own words). */
export const SHOWN_SENTENCE_FLOORS: readonly { conditions: readonly SpeechCondition[]; minRecall: number }[] = [
  {
    conditions: [
      'clean',
      'pitch_up',
      'pitch_down',
      'tempo_slow',
      'tempo_fast',
      'opus_12k',
      'pink_20db',
      'babble_20db',
      'lead_in_2s',
      'quiet',
    ],
    minRecall: 0.95,
  },
  { conditions: ['reverb', 'phone_band', 'room_phone'], minRecall: 0.8 },
  { conditions: ['pink_10db', 'babble_10db', 'quiet_room', 'far'], minRecall: 0.75 },
];
export const OWN_WORDS_FLOORS: readonly { conditions: readonly SpeechCondition[]; minRecall: number }[] = [
  { conditions: ['clean'], minRecall: 0.8 },
  { conditions: ['reverb', 'room_phone', 'quiet_room'], minRecall: 0.65 },
];
