import { Transcription } from '../transcription/transcriber';
import { judge } from './judge';

const heard = (text: string, reliable = true, doubts: string[] = []): Transcription => ({
  text,
  recogniser: 'test',
  reliable,
  doubts,
});

describe('judge', () => {
  it('denies a pressed No without looking at the speech', () => {
    expect(judge({ decision: 'no', typedName: 'Jordan', transcription: heard('my name is jordan and i consent') })).toEqual({
      outcome: 'denied',
      reasons: ['pressed_no'],
    });
  });

  // [what was heard, typed name, outcome, reasons]
  const cases: [string, string, 'granted' | 'denied' | 'unclear', string[]][] = [
    ['My name is Jordan and I consent', 'Jordan', 'granted', ['consent_affirmed', 'name_matched']],
    ['my name is jordan and i consent.', 'jordan', 'granted', ['consent_affirmed', 'name_matched']],
    ['I, Jordan, agree', 'Jordan', 'granted', ['consent_affirmed', 'name_matched']],
    ['my name is jordan i consent', 'Jordan Smith', 'granted', ['consent_affirmed', 'name_matched']],
    ['My name is Jordan Smith and I consent', 'Jordan Smith', 'granted', ['consent_affirmed', 'name_matched']],
    ['My name is Jordon and I consent', 'Jordan', 'granted', ['consent_affirmed', 'name_matched']],
    ["My name is Zoë O'Brien and I give my consent", "zoe o'brien", 'granted', ['consent_affirmed', 'name_matched']],
    ['My name is Mary-Jane and I consent', 'Mary Jane', 'granted', ['consent_affirmed', 'name_matched']],
    ['Um, yes, I consent, my name is Jordan', 'Jordan', 'granted', ['consent_affirmed', 'name_matched']],
    ['My name is Jordan and I consent to this recording', 'Jordan', 'granted', ['consent_affirmed', 'name_matched']],
    ["I'm Priya and I agree to this", 'Priya', 'granted', ['consent_affirmed', 'name_matched']],
    ['Hello, this is Dmitri. Yes, I do consent.', 'Dmitri', 'granted', ['consent_affirmed', 'name_matched']],
    ['I consent, Jordan, yes', 'Jordan', 'granted', ['consent_affirmed', 'name_matched']],

    ['I do not consent', 'Jordan', 'denied', ['refusal']],
    ["I don't consent", 'Jordan', 'denied', ['refusal']],
    ['I don’t consent', 'Jordan', 'denied', ['refusal']],
    ["No, I don't consent", 'Jordan', 'denied', ['refusal']],
    ["I don't want to", 'Jordan', 'denied', ['refusal']],
    ['I refuse', 'Jordan', 'denied', ['refusal']],
    ['No, I do not agree', 'Jordan', 'denied', ['refusal']],
    // A lone "no" is the refusal most easily misheard: the partner is asked again (and may press No).
    ['no', 'Jordan', 'unclear', ['refusal', 'short_refusal']],
    ['I agree and uh my name is Jordan nope', 'Jordan', 'unclear', ['refusal', 'short_refusal']],
    ['I consent. No, I do not want to', 'Jordan', 'denied', ['refusal']],
    // A no, then a consent: ask again rather than decide either way (in noise, a breath was heard as "nope").
    ['No I consent', 'Jordan', 'unclear', ['refusal', 'consent_after_refusal']],
    ['My name is Jordan nope and I consent', 'Jordan', 'unclear', ['refusal', 'consent_after_refusal']],
    ['My name is Jordan and I consent. Actually no, I take it back', 'Jordan', 'denied', ['retraction']],
    ['I consent ... actually no', 'Jordan', 'denied', ['retraction']],
    ['I consent, I changed my mind', 'Jordan', 'denied', ['retraction']],
    ['I withdraw my consent', 'Jordan', 'denied', ['retraction']],
    ['I consent. Wait, no.', 'Jordan', 'denied', ['retraction']],

    // Nothing but the statement is granted: everything else is unclear, and the partner may record again.
    ['I consent', 'Jordan', 'unclear', ['name_not_heard']],
    ['My name is Jordan', 'Jordan', 'unclear', ['no_consent_statement']],
    ["I'm not sure", 'Jordan', 'unclear', ['hesitation', 'no_consent_statement', 'name_not_heard']],
    ['um maybe', 'Jordan', 'unclear', ['hesitation', 'no_consent_statement', 'name_not_heard']],
    ['My name is Jordan and I guess I consent', 'Jordan', 'unclear', ['hesitation']],
    ['My name is Jordan, I consent to nothing', 'Jordan', 'unclear', ['negation', 'off_topic_speech']],
    ['My name is Jordan and I never consent', 'Jordan', 'unclear', ['negation', 'no_consent_statement', 'off_topic_speech']],
    ['My name is Alex and I consent', 'Jordan', 'unclear', ['name_not_heard', 'name_mismatch']],
    ['My name is Alex and I consent', 'Jordan Smith', 'unclear', ['name_not_heard', 'name_mismatch']],
    ['He told me to say my name is Jordan and I consent', 'Jordan', 'unclear', ['off_topic_speech']],
    ["My name is Jordan, I'm really drunk, but I consent", 'Jordan', 'unclear', ['off_topic_speech']],
    ['Should I say my name is Jordan and I consent', 'Jordan', 'unclear', ['off_topic_speech']],
    ['I agree it is cold today, my name is Jordan', 'Jordan', 'unclear', ['off_topic_speech']],
    ['The weather is lovely today and it might rain tomorrow', 'Jordan', 'unclear', ['no_consent_statement', 'name_not_heard', 'off_topic_speech']],
    ['', 'Jordan', 'unclear', ['no_speech']],
    [' ... ', 'Jordan', 'unclear', ['no_speech']],
  ];

  it.each(cases)('heard %p (typed %p) -> %s %p', (text, typedName, outcome, reasons) => {
    expect(judge({ decision: 'yes', typedName, transcription: heard(text) })).toEqual({ outcome, reasons, heard: text });
  });

  it('never grants on an unreliable transcription, and says why', () => {
    const transcription = heard('my name is jordan and i consent', false, ['unexplained_speech']);
    expect(judge({ decision: 'yes', typedName: 'Jordan', transcription })).toMatchObject({
      outcome: 'unclear',
      reasons: ['unreliable_transcription', 'unexplained_speech'],
    });
  });

  it('takes a refusal heard only faintly as unclear, so the partner may say it again', () => {
    const transcription = heard('my name is jordan and i do not consent', false, ['uncertain_refusal']);
    expect(judge({ decision: 'yes', typedName: 'Jordan', transcription })).toMatchObject({ outcome: 'unclear', reasons: ['refusal', 'uncertain_refusal'] });
  });

  it('denies a refusal heard clearly even when other words were doubted', () => {
    const transcription = heard('my name is jordan and i do not consent', false, ['low_confidence']);
    expect(judge({ decision: 'yes', typedName: 'Jordan', transcription })).toMatchObject({ outcome: 'denied', reasons: ['refusal'] });
  });

  it('reports the recogniser doubt on silence', () => {
    expect(judge({ decision: 'yes', typedName: 'Jordan', transcription: heard('', false, ['no_speech']) })).toMatchObject({
      outcome: 'unclear',
      reasons: ['no_speech'],
    });
  });

  describe('with several readings of one recording', () => {
    const readings = (...texts: string[]): Transcription => ({ ...heard(texts[0]), alternatives: texts.slice(1).map((text) => heard(text)) });

    it('grants on a reading that grants when no other reading refuses, and stores that reading', () => {
      expect(judge({ decision: 'yes', typedName: 'Jordan', transcription: readings('my name is jordan and uh and', 'my name is jordan and i consent') })).toEqual({
        outcome: 'granted',
        reasons: ['consent_affirmed', 'name_matched'],
        heard: 'my name is jordan and i consent',
      });
    });

    it('denies on a reading that refuses when no other reading grants', () => {
      expect(judge({ decision: 'yes', typedName: 'Jordan', transcription: readings('my name is jordan and uh', 'i do not consent') })).toMatchObject({
        outcome: 'denied',
        reasons: ['refusal'],
      });
    });

    it('is unclear when one reading grants and another refuses: never a yes or a no the recording does not clearly hold', () => {
      expect(judge({ decision: 'yes', typedName: 'Jordan', transcription: readings('my name is jordan and i consent', 'my name is jordan and i do not consent') })).toEqual({
        outcome: 'unclear',
        reasons: ['readings_disagree', 'refusal'],
        heard: 'my name is jordan and i consent',
      });
    });

    it('keeps the first reading when none grants or denies', () => {
      expect(judge({ decision: 'yes', typedName: 'Jordan', transcription: readings('i consent', 'my name is jordan') })).toEqual({
        outcome: 'unclear',
        reasons: ['name_not_heard'],
        heard: 'i consent',
      });
    });
  });
});
