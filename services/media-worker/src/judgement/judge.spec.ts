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
    ['I consent', 'Jordan', 'granted', ['consent_affirmed']],
    ['I, Jordan, agree', 'Jordan', 'granted', ['consent_affirmed', 'name_matched']],
    ['my name is jordan i consent', 'Jordan Smith', 'granted', ['consent_affirmed', 'name_matched']],
    ['My name is Jordan Smith and I consent', 'Jordan Smith', 'granted', ['consent_affirmed', 'name_matched']],
    ['My name is Jordon and I consent', 'Jordan', 'granted', ['consent_affirmed', 'name_matched']],
    ["My name is Zoë O'Brien and I give my consent", "zoe o'brien", 'granted', ['consent_affirmed', 'name_matched']],
    ['My name is Mary-Jane and I consent', 'Mary Jane', 'granted', ['consent_affirmed', 'name_matched']],
    ['Um, yes, I consent', 'Jordan', 'granted', ['consent_affirmed']],
    ['My name is Jordan and I consent to this recording', 'Jordan', 'granted', ['consent_affirmed', 'name_matched']],

    ['I do not consent', 'Jordan', 'denied', ['refusal']],
    ["I don't consent", 'Jordan', 'denied', ['refusal']],
    ['I don’t consent', 'Jordan', 'denied', ['refusal']],
    ["No, I don't consent", 'Jordan', 'denied', ['refusal']],
    ["I don't want to", 'Jordan', 'denied', ['refusal']],
    ['I refuse', 'Jordan', 'denied', ['refusal']],
    ['no', 'Jordan', 'denied', ['refusal']],
    ['No I consent', 'Jordan', 'denied', ['refusal']],
    ['My name is Jordan and I consent. Actually no, I take it back', 'Jordan', 'denied', ['retraction']],
    ['I consent ... actually no', 'Jordan', 'denied', ['retraction']],
    ['I consent, I changed my mind', 'Jordan', 'denied', ['retraction']],
    ['I withdraw my consent', 'Jordan', 'denied', ['retraction']],
    ['Actually no. I consent', 'Jordan', 'denied', ['retraction']],
    ['I consent. No.', 'Jordan', 'denied', ['refusal']],

    ["I'm not sure", 'Jordan', 'unclear', ['hesitation', 'no_consent_statement']],
    ['um maybe', 'Jordan', 'unclear', ['hesitation', 'no_consent_statement']],
    ['maybe', 'Jordan', 'unclear', ['hesitation', 'no_consent_statement']],
    ['I guess I consent', 'Jordan', 'unclear', ['hesitation']],
    ['I think I consent', 'Jordan', 'unclear', ['hesitation']],
    ['I consent to nothing', 'Jordan', 'unclear', ['negation']],
    ['I never consent', 'Jordan', 'unclear', ['negation', 'no_consent_statement']],
    ['yes', 'Jordan', 'unclear', ['no_consent_statement']],
    ['My name is Jordan', 'Jordan', 'unclear', ['no_consent_statement']],
    ['My name is Alex and I consent', 'Jordan', 'unclear', ['name_mismatch']],
    ['My name is Alex and I consent', 'Jordan Smith', 'unclear', ['name_mismatch']],
    ['The weather is lovely today and it might rain tomorrow', 'Jordan', 'unclear', ['no_consent_statement', 'off_topic_speech']],
    ['one two three four five six', 'Jordan', 'unclear', ['no_consent_statement', 'off_topic_speech']],
    ['I agree that the weather is lovely today and warm', 'Jordan', 'unclear', ['consent_to_something_else', 'off_topic_speech']],
    ['I agree it is cold today', 'Jordan', 'unclear', ['consent_to_something_else', 'off_topic_speech']],
    ['i agree uh does go today', 'Jordan', 'unclear', ['consent_to_something_else']], // flite's kal16, as the phrase model heard it
    ['i consent uh tomorrow', 'Jordan', 'unclear', ['consent_to_something_else']], // kal16's "I can send it tomorrow"
    ['I consent, my name is Jordan', 'Jordan', 'granted', ['consent_affirmed', 'name_matched']],
    ['I consent, Jordan, yes', 'Jordan', 'granted', ['consent_affirmed', 'name_matched']],
    ['', 'Jordan', 'unclear', ['no_speech']],
    [' ... ', 'Jordan', 'unclear', ['no_speech']],
  ];

  it.each(cases)('heard %p (typed %p) -> %s %p', (text, typedName, outcome, reasons) => {
    expect(judge({ decision: 'yes', typedName, transcription: heard(text) })).toEqual({ outcome, reasons });
  });

  it('never grants on an unreliable transcription, and says why', () => {
    const transcription = heard('my name is jordan and i consent', false, ['general_model_disagrees']);
    expect(judge({ decision: 'yes', typedName: 'Jordan', transcription })).toEqual({
      outcome: 'unclear',
      reasons: ['unreliable_transcription', 'general_model_disagrees'],
    });
  });

  it('reports the recogniser doubt on silence', () => {
    expect(judge({ decision: 'yes', typedName: 'Jordan', transcription: heard('', false, ['no_speech']) })).toEqual({
      outcome: 'unclear',
      reasons: ['no_speech'],
    });
  });
});
