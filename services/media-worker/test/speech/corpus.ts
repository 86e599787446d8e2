import type { Voice } from '@app/testing';

/**
 * What the speech check is measured on: ways to consent and ways not to, each with the name the partner typed. The
 * sentences are not the ones the recogniser's phrase lists were written from, and the measurement runs them in
 * voices and conditions (robustness.ts, `libs/testing/src/speech-conditions.ts`) the phrase lists know nothing of.
 */
export type StatementKind =
  | 'consent'
  | 'refusal'
  | 'negation'
  | 'retraction'
  | 'hesitation'
  | 'reported_speech'
  | 'incapacity'
  | 'question'
  | 'coercion'
  | 'off_topic'
  | 'sound_alike'
  | 'other_name'
  | 'silence'
  | 'noise'
  | 'music';

export interface Statement {
  id: string;
  kind: StatementKind;
  /** What is said; absent for the clips without speech. */
  text?: string;
  typedName: string;
}

const consent = (id: string, typedName: string, text: string): Statement => ({ id, kind: 'consent', typedName, text });
const not = (kind: Exclude<StatementKind, 'consent'>, id: string, typedName: string, text?: string): Statement => ({ id, kind, typedName, text });

/** 18 ways to consent: names in and out of the dictionary, with apostrophes, of several words, of other languages. */
export const CONSENTS: readonly Statement[] = [
  consent('shown_sentence', 'Jordan Lee', 'My name is Jordan Lee and I consent.'),
  consent('oov_name', 'Zyphrine', 'My name is Zyphrine and I consent.'),
  consent('irish_apostrophe', "Siobhan O'Connor", "My name is Siobhan O'Connor and I consent."),
  consent('consent_first', 'Riley', 'I consent. My name is Riley.'),
  consent('yes_consent_name', 'Oluwaseun', 'Yes, I consent, my name is Oluwaseun.'),
  consent('im_agree', 'Priya', "I'm Priya and I agree."),
  consent('do_consent', 'Farida', 'My name is Farida and yes, I do consent.'),
  consent('consent_to_this', 'Dmitri', 'This is Dmitri. I consent to this.'),
  consent('fully', 'Morgan', 'Hi, I am Morgan and I fully consent.'),
  consent('names_agree_to_this', 'Chloe', "My name's Chloe and I agree to this."),
  consent('yes_name_consent', 'Alessandro', 'Yes. My name is Alessandro. I consent.'),
  consent('three_words', 'Mary Jane Watson', 'I am Mary Jane Watson, and I give my consent.'),
  consent('okay_apostrophe', "D'Angelo", "Okay, my name is D'Angelo and I consent."),
  consent('name_last', 'Xiaoming', 'I consent, and my name is Xiaoming.'),
  consent('to_recording', 'Jordan', 'My name is Jordan and I consent to this recording.'),
  consent('hello', 'Aisha', 'Hello, my name is Aisha, and I consent.'),
  consent('agree_then_name', 'Sam', 'I agree. My name is Sam.'),
  consent('give_consent', 'Kenji Watanabe', 'My name is Kenji Watanabe. I give my consent.'),
];

/** 31 ways not to: every kind the check must never grant, and recordings with no speech in them. */
export const NON_CONSENTS: readonly Statement[] = [
  not('refusal', 'do_not', 'Jordan', 'I do not consent.'),
  not('refusal', 'name_do_not', 'Jordan Lee', 'My name is Jordan Lee and I do not consent.'),
  not('refusal', 'no_dont_want', 'Riley', "No. I don't want to do this."),
  not('refusal', 'dont_to_this', 'Priya', "I don't consent to this."),
  not('refusal', 'no_not_agree', 'Riley', 'My name is Riley, and no, I do not agree.'),
  not('negation', 'never_agreed', 'Morgan', 'I never agreed to this.'),
  not('negation', 'wont', 'Chloe', "My name is Chloe and I won't consent."),
  not('negation', 'cant', 'Sam', "I can't consent to this."),
  not('retraction', 'changed_mind', 'Jordan', 'My name is Jordan and I consent. Actually no, I changed my mind.'),
  not('retraction', 'take_it_back', 'Aisha', 'I consent. Wait, no. I take it back.'),
  not('retraction', 'withdraw', 'Dmitri', 'I agreed earlier, but I withdraw my consent.'),
  not('hesitation', 'not_sure', 'Riley', "I'm not sure. Maybe."),
  not('hesitation', 'guess', 'Morgan', "I guess I consent, I don't know."),
  not('hesitation', 'think_later', 'Sam', 'Um, I think so. Maybe later.'),
  not('reported_speech', 'told_me', 'Jordan', 'He told me to say I consent.'),
  not('reported_speech', 'friend_said', 'Priya', 'My friend said I should say my name is Priya and I consent.'),
  not('incapacity', 'drunk_but', 'Chloe', "I'm really drunk, but I consent."),
  not('incapacity', 'too_high', 'Jordan', "My name is Jordan and I'm too high to decide."),
  not('incapacity', 'wasted', 'Riley', "I'm so wasted right now."),
  not('question', 'have_to', 'Aisha', 'Do I have to say I consent?'),
  not('question', 'should_i', 'Jordan', 'Should I say my name is Jordan and I consent?'),
  not('coercion', 'forced', 'Morgan', "I'm being forced to say I consent."),
  not('off_topic', 'weather', 'Riley', 'The weather is lovely today and it might rain tomorrow.'),
  not('off_topic', 'remote', 'Sam', 'Can you pass me the remote control, please?'),
  not('sound_alike', 'can_send', 'Riley', 'I can send it tomorrow.'),
  not('sound_alike', 'concert', 'Chloe', 'We went to a concert last night.'),
  not('other_name', 'taylor', 'Jordan', 'My name is Taylor and I consent.'),
  not('other_name', 'alex', 'Priya', 'My name is Alex and I agree.'),
  not('silence', 'silence', 'Jordan'),
  not('noise', 'noise', 'Riley'),
  not('music', 'music', 'Sam'),
];

export const STATEMENTS: readonly Statement[] = [...CONSENTS, ...NON_CONSENTS];

/**
 * The voices the measurement speaks in: flite's four full voices and espeak-ng's US English, British and Caribbean
 * accents with other speakers' variants.
 */
export const QUALITY_VOICES: readonly Voice[] = ['slt', 'rms', 'awb', 'kal16', 'espeak', 'espeak:en-us+f3', 'espeak:en-gb+m3', 'espeak:en-029+f2'];

/** Babble's four talkers and what they say: nothing the check listens for. */
export const BABBLE_TALKERS: readonly { voice: Voice; text: string }[] = [
  { voice: 'espeak:en-gb+m5', text: 'The train was late again this morning, so we walked along the river and stopped for breakfast at the little bakery near the bridge. ' .repeat(3) },
  { voice: 'awb', text: 'Put the potatoes in the oven for forty minutes, then add the peppers and a little olive oil, and stir everything before serving. '.repeat(3) },
  { voice: 'espeak:en-us+f4', text: 'Our meeting moved to Thursday afternoon because the projector in the big room is broken and the new one arrives next week. '.repeat(3) },
  { voice: 'slt', text: 'The garden needs water every evening in summer, and the roses by the fence grow best when the soil stays damp and cool. '.repeat(3) },
];
