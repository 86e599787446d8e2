import { ipaToCmuPhones, pronounce } from './pronunciation';

describe('ipaToCmuPhones', () => {
  it.each([
    ['dʒˈoːɹdən', 'JH OW R D AH N'],
    ['zˈaɪfɹiːn', 'Z AY F R IY N'],
    ['ˈɑːluːwˌeɪsʌn', 'AA L UW W EY S AH N'],
    ['tʃˈɪdi', 'CH IH D IY'],
    ['θˈɪŋkɚ', 'TH IH NG K ER'],
    ['mˈɛɹidʒˈeɪn', 'M EH R IY JH EY N'],
    // Sounds English lacks, read as the nearest English phone; tone digits and voice-switch notes carry none.
    ['ɕjɑu2lˈiɜŋ ts.ˈɑu5', 'SH Y AW L IY ER NG JH AW'],
    ['tˈe-1ɲ hˈyə1ŋ fˈaː6m', 'T EH N Y HH UW AH NG F AA M'],
    ['(en)həənˈa7ndɛ1z(vi)', 'HH AH AH N AA N D EH Z'],
    ['dmʲˈitrʲij', 'D M IY T R IY Y'],
  ])('%s -> %s', (ipa, phones) => {
    expect(ipaToCmuPhones(ipa).join(' ')).toBe(phones);
  });

  it('skips symbols it does not know', () => {
    expect(ipaToCmuPhones('?bˈɑː!b').join(' ')).toBe('B AA B');
  });
});

describe('pronounce (real espeak-ng)', () => {
  it('reads every word in one process, each on its own line, in the accent asked for', async () => {
    const [zyphrine, oluwaseun] = await pronounce(['zyphrine', 'oluwaseun'], 5000);
    expect(zyphrine!.join(' ')).toBe('Z AY F R IY N');
    expect(oluwaseun).toEqual(expect.arrayContaining(['L', 'UW', 'S', 'N']));
    const [adaeze] = await pronounce(['adaeze'], 5000, undefined, 'sw');
    expect(adaeze!.join(' ')).toBe('AA D AA EH Z EH');
  });

  it('answers the same reading again from memory, without a process', async () => {
    const first = await pronounce(['kwame'], 5000, undefined, 'en-gb');
    expect(await pronounce(['kwame'], 1, undefined, 'en-gb')).toEqual(first);
  });
});
