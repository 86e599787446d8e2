import { denialKind, tokenize } from '@app/contracts';
import { SPEECH_CHECK_SETTINGS } from '../config/speech-check.settings';
import { NAME_SOUNDS } from '../language/phrases';
import type { HeardWord, Reading, Transcription } from '../transcription/transcriber';
import { judge } from './judge';

/** A provider's transcript: words with no acoustic evidence. */
const heard = (text: string, doubts: string[] = []): Transcription => ({
  words: tokenize(text).map((word) => ({ word })),
  text,
  recogniser: 'test',
  doubts,
});

type Part = [string, number, number, number?];

/**
 * The local recogniser's reading: each word [word, frames, per-frame fit, frames of pause before it], one after
 * another. `…` is a name heard as sounds. The speaker's typical fit is the median word's.
 */
function reading(parts: Part[], doubts: string[] = []): Reading {
  let frame = 0;
  const words: HeardWord[] = parts.map(([word, frames, fit, pause = 0]) => {
    frame += pause;
    const heardWord = {
      word: word === '…' ? NAME_SOUNDS : word,
      fit: { startFrame: frame, endFrame: frame + frames, total: fit * frames },
    };
    frame += frames;
    return heardWord;
  });
  return { words, text: words.map(({ word }) => word).join(' '), doubts };
}
const acoustic = (parts: Part[], extra: Partial<Transcription> = {}): Transcription => ({
  ...reading(parts),
  recogniser: 'test',
  ...extra,
});
const judged = (typedName: string, transcription: Transcription) =>
  judge({ decision: 'yes', typedName, transcription });
const settings = SPEECH_CHECK_SETTINGS.judge;

/** The shown sentence as the local recogniser hears it, each word fitting about as well as the others. */
const SENTENCE: Part[] = [
  ['my', 15, 5],
  ['name', 30, 8],
  ['is', 20, 2],
  ['jordan', 40, 4],
  ['and', 18, 0],
  ['i', 6, -10],
  ['consent', 70, 6],
];

describe('judge', () => {
  it('denies a pressed No without looking at the speech', () => {
    expect(
      judge({ decision: 'no', typedName: 'Jordan', transcription: heard('my name is jordan and i consent') }),
    ).toEqual({ outcome: 'denied', reasons: ['pressed_no'] });
  });

  // [what was heard, typed name, outcome, reasons]
  const cases: [string, string, 'granted' | 'denied' | 'unclear', string[]][] = [
    ['My name is Jordan and I consent', 'Jordan', 'granted', ['consent_affirmed', 'name_matched']],
    ['my name is jordan i consent', 'Jordan Smith', 'granted', ['consent_affirmed', 'name_matched']],
    ['My name is Jordon and I consent', 'Jordan', 'granted', ['consent_affirmed', 'name_matched']],
    ["My name is Zoë O'Brien and I give my consent", "zoe o'brien", 'granted', ['consent_affirmed', 'name_matched']],
    ['Um, yes, I consent, my name is Jordan', 'Jordan', 'granted', ['consent_affirmed', 'name_matched']],
    ['My name is Jordan and I consent to this recording', 'Jordan', 'granted', ['consent_affirmed', 'name_matched']],
    ["I'm Priya and I agree to this", 'Priya', 'granted', ['consent_affirmed', 'name_matched']],
    [
      'My name is Jordan and I consent. My name is Jordan and I consent.',
      'Jordan',
      'granted',
      ['consent_affirmed', 'name_matched'],
    ],
    ["I'm Jordan, I'm Sam and I consent", 'Jordan', 'unclear', ['unclear_words', 'name_different']],
    // A word where a refusal's negation stands ("do", "fully", "give" for "don't", "won't", "can't"): asked again.
    ['Hello, this is Dmitri. Yes, I do consent.', 'Dmitri', 'unclear', ['consent_unclear', 'name_matched']],
    ['My name is Ryan Cooper and I fully consent', 'Ryan Cooper', 'unclear', ['consent_unclear', 'name_matched']],
    ['My name is Jordan and I give consent', 'Jordan', 'unclear', ['consent_unclear', 'name_matched']],
    ["I'm Priya and I do agree", 'Priya', 'unclear', ['consent_unclear', 'name_matched']],
    // The verdict rests on the consent: a consent with no name, or one spelled unlike the typed name by a provider
    // but close to it, is granted with the name not confirmed; only a different name keeps it from being granted.
    ['I consent', 'Jordan', 'granted', ['consent_affirmed', 'name_not_confirmed']],
    ['My name is Oluwashen and I consent', 'Oluwaseun', 'granted', ['consent_affirmed', 'name_not_confirmed']],
    ['My name is Alex and I consent', 'Jordan', 'unclear', ['name_different']],

    ['I do not consent', 'Jordan', 'denied', ['refusal']],
    ["No, I don't consent", 'Jordan', 'denied', ['refusal']],
    ['I do not agree, I refuse', 'Jordan', 'denied', ['refusal']],
    // A sound or two from "and I consent": alone, asked again, never told they refused.
    ['I refuse', 'Jordan', 'unclear', ['refusal', 'uncertain_refusal']],
    ["My name is Jordan, I don't consent", 'Jordan', 'unclear', ['refusal', 'uncertain_refusal']],
    ["I'm Jordan Lee, I don't agree", 'Jordan Lee', 'unclear', ['refusal', 'uncertain_refusal']],
    // A lone "no" is the refusal most easily misheard: the partner is asked again (and may press No).
    ['no', 'Jordan', 'unclear', ['refusal', 'short_refusal']],
    // A no, then a consent: ask again rather than decide either way.
    ['My name is Jordan nope and I consent', 'Jordan', 'unclear', ['refusal', 'consent_after_refusal']],
    ['My name is Jordan and I consent. Actually no, I take it back', 'Jordan', 'denied', ['retraction']],
    ['I withdraw my consent', 'Jordan', 'denied', ['retraction']],

    // Nothing but the statement is granted: everything else is unclear, and the partner may record again.
    ['My name is Jordan', 'Jordan', 'unclear', ['no_consent_statement', 'name_matched']],
    ["I'm not sure", 'Jordan', 'unclear', ['hesitation', 'no_consent_statement', 'name_not_confirmed']],
    ['My name is Jordan and I guess I consent', 'Jordan', 'unclear', ['hesitation', 'name_matched']],
    [
      'My name is Jordan, I consent to nothing',
      'Jordan',
      'unclear',
      ['negation', 'off_topic_speech', 'speech_after_consent', 'name_matched'],
    ],
    ['He told me to say my name is Jordan and I consent', 'Jordan', 'unclear', ['off_topic_speech', 'name_matched']],
    ['Should I say my name is Jordan and I consent', 'Jordan', 'unclear', ['off_topic_speech', 'name_matched']],
    // Words after the consent, whatever they are, are not part of it ("...and I consent, but only if you pay me").
    [
      'My name is Jordan and I consent but only if you pay me',
      'Jordan',
      'unclear',
      ['off_topic_speech', 'speech_after_consent', 'name_matched'],
    ],
    [
      'My name is Jordan and I consent um um uh uh and',
      'Jordan',
      'unclear',
      ['speech_after_consent', 'unclear_words', 'name_matched'],
    ],
    ["My name's Jordan, my name is Jordan and I consent", 'Jordan', 'granted', ['consent_affirmed', 'name_matched']],
    // A filler just before the consent may be a negation blurred in a room ("I can't consent to this", "no, I do not
    // agree", both granted so before): asked again; a "yes" there says the opposite of a negation.
    ['Hi, uh, and I consent to this', 'Jordan', 'unclear', ['filler_before_consent', 'name_not_confirmed']],
    ['My name is Jordan, hi and I agree', 'Jordan', 'unclear', ['filler_before_consent', 'name_matched']],
    ['Um, I consent', 'Jordan', 'unclear', ['filler_before_consent', 'name_not_confirmed']],
    ['My name is Jordan, yeah, I consent', 'Jordan', 'granted', ['consent_affirmed', 'name_matched']],
    ['', 'Jordan', 'unclear', ['no_speech']],
  ];

  it.each(cases)('heard %p (typed %p) -> %s %p', (text, typedName, outcome, reasons) => {
    const judgement = judged(typedName, heard(text));
    expect({ outcome: judgement.outcome, reasons: judgement.reasons }).toEqual({ outcome, reasons });
    expect(judgement.heard).toBe(text);
  });

  // The screens read a denial from these reasons (`denialKind`): only a refusal the judge denied is told as one.
  it.each(cases.filter(([, , outcome]) => outcome !== 'granted'))(
    'heard %p (typed %p) reads as the screens say',
    (text, typedName, outcome) => {
      expect(denialKind(judged(typedName, heard(text)))).toBe(outcome === 'denied' ? 'refused_in_words' : 'not_heard');
    },
  );

  it('gives a pressed No the reason the screens read as a No pressed', () => {
    expect(denialKind(judge({ decision: 'no', typedName: 'Jordan', transcription: heard('i consent') }))).toBe(
      'pressed_no',
    );
  });

  describe("with the local recogniser's evidence, each word measured against the free phones of its frames", () => {
    it('grants the shown sentence whose words fit the sound, and confirms the typed name', () => {
      expect(judged('Jordan', acoustic(SENTENCE))).toMatchObject({
        outcome: 'granted',
        reasons: ['consent_affirmed', 'name_matched'],
        nameCheck: 'matched',
      });
    });

    it('does not take a consent forced onto sound that fits it badly', () => {
      const forced = SENTENCE.map(([word, frames, fit]): [string, number, number] => [
        word,
        frames,
        word === 'consent' ? 4 + settings.consentMargin - 20 : fit,
      ]);
      expect(judged('Jordan', acoustic(forced))).toMatchObject({
        outcome: 'unclear',
        reasons: ['consent_unclear', 'unclear_words', 'name_matched'],
      });
    });

    it('measures a short word with its phrase ("I" in "and I consent")', () => {
      const shortI = SENTENCE.map(([word, frames, fit]): [string, number, number] => [
        word,
        frames,
        word === 'i' ? -60 : fit,
      ]);
      expect(judged('Jordan', acoustic(shortI)).outcome).toBe('granted');
    });

    it('takes a filler forced onto other speech as words no phrase explains', () => {
      const filler: Part[] = [['hello', 30, 4 + settings.fillerMargin - 20], ...SENTENCE];
      expect(judged('Jordan', acoustic(filler))).toMatchObject({
        outcome: 'unclear',
        reasons: ['unclear_words', 'name_matched'],
      });
    });

    it('does not take a refusal that fits the sound badly as the last word: the partner may say it again', () => {
      const refusal: Part[] = [
        ['i', 8, 0],
        ['do', 12, -90],
        ['not', 20, -90],
        ['consent', 60, 4],
        ['my', 15, 4],
        ['name', 30, 4],
        ['is', 20, 4],
        ['jordan', 40, 4],
      ];
      expect(judged('Jordan', acoustic(refusal))).toMatchObject({
        outcome: 'unclear',
        reasons: ['refusal', 'uncertain_refusal'],
      });
    });

    it('grants a name it heard only as sounds, not confirmed, unless the cohort of other names fits it better', () => {
      const sounds = SENTENCE.map(([word, frames, fit]): [string, number, number] => [
        word === 'jordan' ? '…' : word,
        frames,
        fit,
      ]);
      expect(judged('Adaeze Okafor', acoustic(sounds))).toMatchObject({
        outcome: 'granted',
        reasons: ['consent_affirmed', 'name_not_confirmed'],
        nameCheck: 'not_confirmed',
      });
      expect(judged('Adaeze Okafor', acoustic(sounds, { cohortAdvantage: settings.cohortMargin + 5 }))).toMatchObject({
        outcome: 'unclear',
        reasons: ['name_different'],
        nameCheck: 'different',
      });
    });

    it('calls a name different where the cohort fits it better and the typed name does not fit the sound', () => {
      const forced = SENTENCE.map(([word, frames, fit]): [string, number, number] => [
        word,
        frames,
        word === 'jordan' ? fit + settings.nameMargin - 10 : fit,
      ]);
      expect(judged('Jordan', acoustic(forced, { cohortAdvantage: settings.cohortMargin + 5 }))).toMatchObject({
        outcome: 'unclear',
        nameCheck: 'different',
      });
      expect(judged('Jordan', acoustic(forced, { cohortAdvantage: settings.cohortMargin - 5 }))).toMatchObject({
        outcome: 'granted',
        nameCheck: 'not_confirmed',
      });
    });

    it('takes no word as heard below the fit floor, however well the rest of its phrase fits', () => {
      const squeezed: Part[] = [...SENTENCE.slice(0, 5), ['i', 3, settings.minFit - 10], ['consent', 70, 6]];
      // Its "and" is measured with the phrase it joins, so that is unclear too.
      expect(judged('Jordan', acoustic(squeezed))).toMatchObject({
        outcome: 'unclear',
        reasons: ['consent_unclear', 'unclear_words', 'name_matched'],
      });
    });

    it('takes a consent word at its shortest only where it runs into a neighbour, not squeezed into a pause', () => {
      const apart = settings.apartFrames;
      const short = settings.squeezedWordFrames;
      const withI = (i: Part, consent: Part): Part[] => [...SENTENCE.slice(0, 5), i, consent];
      // "and-I consent" said quickly: a 3-frame "i" joined to both neighbours is the "I" said.
      expect(judged('Jordan', acoustic(withI(['i', 3, -20], ['consent', 70, 6]))).outcome).toBe('granted');
      expect(judged('Jordan', acoustic(withI(['i', 3, -20, apart - 1], ['consent', 70, 6, apart - 1]))).outcome).toBe(
        'granted',
      );
      // "and ... I ... don't ... consent" said a word at a time, heard as "and i consent" with "don't" as "and": the
      // "i" the decoder squeezed in apart from the word before or after it is no "I" said.
      for (const [i, consent] of [
        [
          ['i', 3, -20, apart],
          ['consent', 70, 6],
        ],
        [
          ['i', short, -20],
          ['consent', 70, 6, apart],
        ],
      ] as [Part, Part][])
        expect(judged('Jordan', acoustic(withI(i, consent)))).toMatchObject({
          outcome: 'unclear',
          reasons: ['consent_unclear', 'name_matched'],
        });
      // A word longer than the shortest is a word said, pauses or not (a slow partner).
      expect(judged('Jordan', acoustic(withI(['i', short + 1, -20, apart], ['consent', 70, 6, apart]))).outcome).toBe(
        'granted',
      );
    });

    it('does not grant on one consent that fits where another consent phrase was forced onto other words', () => {
      // "Do you want me to say I agree to this, I consent?" heard as two consents, the first on the question.
      const forced: Part[] = [
        ['i', 9, 4 + settings.consentMargin - 15],
        ['agree', 35, 4 + settings.consentMargin - 15],
        ['i', 6, 4],
        ['consent', 60, 4],
        ['my', 15, 4],
        ['name', 30, 4],
        ['is', 20, 4],
        ['jordan', 40, 4],
      ];
      expect(judged('Jordan', acoustic(forced))).toMatchObject({
        outcome: 'unclear',
        reasons: ['consent_unclear', 'name_matched'],
      });
    });

    it('keeps a typed name that fits the sound matched, however well the best of the cohort fits', () => {
      expect(judged('Jordan', acoustic(SENTENCE, { cohortAdvantage: settings.cohortMargin + 5 }))).toMatchObject({
        outcome: 'granted',
        nameCheck: 'matched',
      });
    });

    it('does not confirm a typed name that is only a small part of what was said where the name stands', () => {
      const mostlySounds: Part[] = [
        ['my', 15, 5],
        ['name', 30, 8],
        ['is', 20, 2],
        ['…', 80, 0],
        ['lee', 15, 6],
        ['and', 18, 0],
        ['i', 6, -10],
        ['consent', 70, 6],
      ];
      expect(judged('Jordan Lee', acoustic(mostlySounds))).toMatchObject({
        outcome: 'granted',
        nameCheck: 'not_confirmed',
      });
    });

    it('is unclear where the sounds standing for the name last far longer than the name takes to say', () => {
      const long = settings.nameSoundsBaseFrames + settings.nameSoundsFramesPerLetter * 10 + 20;
      const swallowed: Part[] = [
        ['my', 15, 5],
        ['name', 30, 8],
        ['is', 20, 2],
        ['…', long, 0],
        ['i', 6, -10],
        ['agree', 40, 6],
      ];
      expect(judged('Kavya Iyer', acoustic(swallowed))).toMatchObject({
        outcome: 'unclear',
        reasons: ['unclear_words', 'name_not_confirmed'],
      });
    });

    it('is unclear on a typed name after "I\'m" that does not fit the sound ("I\'m really drunk")', () => {
      const forced: Part[] = [
        ["i'm", 15, 4],
        ['minh', 20, 4 + settings.nameMargin - 20],
        ['i', 6, 4],
        ['consent', 60, 4],
      ];
      expect(judged('Nguyễn Văn Minh', acoustic(forced))).toMatchObject({
        outcome: 'unclear',
        reasons: ['unclear_words', 'name_not_confirmed'],
      });
    });

    it('never grants on a reading with speech the phrases cannot explain', () => {
      expect(judged('Jordan', { ...reading(SENTENCE, ['unexplained_speech']), recogniser: 'test' })).toMatchObject({
        outcome: 'unclear',
        reasons: ['unexplained_speech', 'name_matched'],
      });
    });
  });

  describe('with several readings of one recording', () => {
    const readings = (...texts: string[]): Transcription => ({
      ...heard(texts[0]),
      alternatives: texts.slice(1).map((text) => heard(text)),
    });

    it('grants on a reading that grants when no other reading refuses, and stores that reading', () => {
      expect(judged('Jordan', readings('my name is jordan and uh and', 'my name is jordan and i consent'))).toEqual({
        outcome: 'granted',
        reasons: ['consent_affirmed', 'name_matched'],
        heard: 'my name is jordan and i consent',
        nameCheck: 'matched',
      });
    });

    it('is unclear when one reading grants and another refuses: never a yes or a no the recording does not clearly hold', () => {
      expect(
        judged('Jordan', readings('my name is jordan and i consent', 'my name is jordan and i do not consent')),
      ).toMatchObject({
        outcome: 'unclear',
        reasons: ['readings_disagree', 'refusal'],
        heard: 'my name is jordan and i consent',
      });
    });

    it('does not grant when another reading heard speech against the consent, such as words it cannot explain', () => {
      const transcription = {
        ...heard('yes and my name is jordan and i consent'),
        alternatives: [{ ...heard('uh and my name is jordan and i consent'), doubts: ['unexplained_speech'] }],
      };
      expect(judged('Jordan', transcription)).toMatchObject({
        outcome: 'unclear',
        reasons: ['readings_disagree', 'unexplained_speech', 'name_matched'],
      });
      expect(judged('Jordan', readings('my name is jordan and i consent', 'my name is jordan and uh'))).toMatchObject({
        outcome: 'granted',
      });
    });

    it('denies only when every reading hears the refusal', () => {
      expect(judged('Jordan', readings('i do not consent', 'i will not consent'))).toMatchObject({ outcome: 'denied' });
      expect(
        judged('Jordan', readings('my name is jordan and i do not consent', 'my name is jordan and uh')),
      ).toMatchObject({
        outcome: 'unclear',
        reasons: ['readings_disagree', 'refusal'],
      });
    });
  });
});
