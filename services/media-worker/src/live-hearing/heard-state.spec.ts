import { hearTake, sentenceTokens } from './heard-state';

const JORDAN = sentenceTokens('Jordan Lee');
const words = (text: string) => text.split(' ');

describe('sentenceTokens', () => {
  it("is the partner page's sentence as tokens", () => {
    expect(JORDAN).toEqual(['my', 'name', 'is', 'jordan', 'lee', 'and', 'i', 'consent']);
  });
});

describe('hearTake', () => {
  it('lights the sentence word by word as it is heard, missing nothing once every word is heard', () => {
    expect(hearTake([], JORDAN, false)).toEqual({
      words: [],
      lit: JORDAN.map(() => false),
      refusals: [],
      missing: JORDAN,
      paused: false,
    });
    const partial = hearTake(words('my name is jordan'), JORDAN, false);
    expect(partial.lit).toEqual([true, true, true, true, false, false, false, false]);
    expect(partial.missing).toEqual(['lee', 'and', 'i', 'consent']);
    expect(hearTake(words('my name is jordan lee and i consent'), JORDAN, true)).toEqual({
      words: words('my name is jordan lee and i consent'),
      lit: JORDAN.map(() => true),
      refusals: [],
      missing: [],
      paused: true,
    });
  });

  it('leaves a skipped word unlit and says it is missing, the words after it still lit', () => {
    const heard = hearTake(words('my name is jordan lee i consent'), JORDAN, true);
    expect(heard.lit).toEqual([true, true, true, true, true, false, true, true]);
    expect(heard.missing).toEqual(['and']);
  });

  it('reads a repeated word or a started-again sentence in order, never lighting a word out of order', () => {
    expect(hearTake(words('my name name is my name is jordan lee and and i consent'), JORDAN, false).missing).toEqual(
      [],
    );
    // "consent" before the rest lights only where it fits the order.
    const early = hearTake(words('consent my name is'), JORDAN, false);
    expect(early.lit).toEqual([true, true, true, false, false, false, false, false]);
  });

  it('lights a name of several words, non-English names as the grammar spells them, and a name heard only as sounds', () => {
    const three = sentenceTokens('Mary-Jane van Dyke');
    expect(three).toEqual(['my', 'name', 'is', 'mary', 'jane', 'van', 'dyke', 'and', 'i', 'consent']);
    // The grammar's word of a hyphenated name is one: "mary-jane".
    expect(hearTake(words('my name is mary-jane van dyke and i consent'), three, false).missing).toEqual([]);
    // "Zoë" and "Siobhán" lose their accents on both sides; the page's tokenizer leaves "ukasz" of "Łukasz".
    expect(hearTake(words('my name is zoe and i consent'), sentenceTokens('Zoë'), false).missing).toEqual([]);
    expect(hearTake(words('my name is siobhan and i consent'), sentenceTokens('Siobhán'), false).missing).toEqual([]);
    expect(hearTake(words('my name is lukasz and i consent'), sentenceTokens('Łukasz'), false).missing).toEqual([]);
    // Sounds where the name stands (a name the pronunciations missed) stand for it, as the verdict's name check allows.
    const sounds = hearTake(
      words('my name is nm_ch nm_iy nm_ng nm_ah and i consent'),
      sentenceTokens('Xing Ma'),
      false,
    );
    expect(sounds).toMatchObject({ words: words('my name is … and i consent'), missing: [] });
    // Sounds never stand for the sentence's own words.
    expect(hearTake(words('nm_m nm_ay name is xing and i consent'), sentenceTokens('Xing'), false).missing).toEqual([
      'my',
    ]);
  });

  it('shows a refusal or a negation as heard, every word of the sentence lit or not', () => {
    const dont = hearTake(words("my name is jordan lee and i don't consent"), JORDAN, true);
    expect(dont).toMatchObject({ refusals: ["don't"], missing: [] });
    expect(dont.lit.every(Boolean)).toBe(true);
    expect(hearTake(words('my name is jordan lee and i do not consent'), JORDAN, false).refusals).toEqual(['not']);
    expect(hearTake(words('my name is jordan lee and i consent wait no'), JORDAN, false)).toMatchObject({
      refusals: ['wait', 'no'],
    });
    expect(hearTake(words("i can't consent"), JORDAN, false).refusals).toEqual(["can't"]);
    // Words of the sentence inside a refusal are not refusals, nor are filler words.
    expect(hearTake(words("um my name is jordan lee and i don't consent"), JORDAN, false).refusals).toEqual(["don't"]);
    expect(hearTake(words('um my name is jordan lee and i consent'), JORDAN, false)).toMatchObject({
      refusals: [],
      missing: [],
    });
    // A word where a negation stands, which the check asks again for, shows as one.
    expect(hearTake(words('um my name is jordan lee and i do consent'), JORDAN, false)).toMatchObject({
      refusals: ['do'],
    });
    expect(hearTake(words('my name is jordan lee and i fully consent'), JORDAN, false).refusals).toEqual(['fully']);
  });

  it('drops garbage phones, silences and noises from what it shows', () => {
    const heard = hearTake(
      [
        '<s>',
        'ph_ah',
        'my',
        '<sil>',
        'name',
        'is',
        'jordan',
        'lee',
        '[NOISE]',
        'and',
        'i',
        'consent(2)',
        'ph_s',
        '</s>',
      ],
      JORDAN,
      false,
    );
    expect(heard).toMatchObject({ words: words('my name is jordan lee and i consent'), missing: [] });
  });
});
