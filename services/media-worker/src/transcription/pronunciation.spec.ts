import { ipaToCmuPhones, pronounce } from './pronunciation';

describe('ipaToCmuPhones', () => {
  it.each([
    ['dʒˈoːɹdən', 'JH OW R D AH N'],
    ['zˈaɪfɹiːn', 'Z AY F R IY N'],
    ['ˈɑːluːwˌeɪsʌn', 'AA L UW W EY S AH N'],
    ['tʃˈɪdi', 'CH IH D IY'],
    ['θˈɪŋkɚ', 'TH IH NG K ER'],
    ['mˈɛɹidʒˈeɪn', 'M EH R IY JH EY N'],
  ])('%s -> %s', (ipa, phones) => {
    expect(ipaToCmuPhones(ipa).join(' ')).toBe(phones);
  });

  it('skips symbols it does not know', () => {
    expect(ipaToCmuPhones('?bˈɑː!b').join(' ')).toBe('B AA B');
  });
});

describe('pronounce (real espeak-ng)', () => {
  it('gives names missing from the dictionary a CMU pronunciation', async () => {
    expect((await pronounce('zyphrine', 5000)).join(' ')).toBe('Z AY F R IY N');
    expect(await pronounce('oluwaseun', 5000)).toEqual(expect.arrayContaining(['L', 'UW', 'S', 'N']));
  });
});
