import { nameAccents } from './name-accents';

const accents = (...spellings: string[]) =>
  nameAccents(spellings).map(({ accent, ownSpelling }) => `${accent}${ownSpelling ? '*' : ''}`);

describe('nameAccents', () => {
  it('always reads a name in US and British English and letter by letter; the own-spelling reader (*) follows its cues', () => {
    expect(accents('jordan', 'lee')).toEqual(['en-us', 'en-gb', 'sw']);
    expect(accents('adaeze', 'okafor')).toEqual(['en-us', 'en-gb', 'sw']);
    expect(accents('thanh', 'hương', 'phạm')).toEqual(['en-us', 'en-gb', 'sw', 'vi*']);
    expect(accents('saoirse', 'ní', 'bhraonáin')).toEqual(['en-us', 'en-gb', 'sw', 'ga*']);
    expect(accents('josé', 'luis', 'hernández')).toEqual(['en-us', 'en-gb', 'sw', 'es*']);
    expect(accents('katarzyna', 'nowak')).toEqual(['en-us', 'en-gb', 'sw', 'pl*']);
    expect(accents('xiaoling', 'zhao')).toEqual(['en-us', 'en-gb', 'sw', 'cmn-latn-pinyin*']);
  });
});
