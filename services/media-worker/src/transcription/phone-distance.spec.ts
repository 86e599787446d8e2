import { phoneEdits } from './phone-distance';

describe('phoneEdits', () => {
  it('counts whole edits, and half for phones readers swap (two vowels, voicing, a place)', () => {
    expect(phoneEdits(['JH', 'AO', 'R', 'D', 'AH', 'N'], ['JH', 'AO', 'R', 'D', 'AH', 'N'])).toBe(0);
    expect(phoneEdits(['G', 'AO', 'R', 'D', 'AH', 'N'], ['JH', 'AO', 'R', 'D', 'AH', 'N'])).toBe(1);
    expect(phoneEdits(['JH', 'AO', 'R', 'D', 'IH', 'N'], ['JH', 'AO', 'R', 'D', 'AH', 'N'])).toBe(0.5);
    expect(phoneEdits(['T', 'EY', 'L', 'ER'], ['D', 'EY', 'L', 'ER'])).toBe(0.5);
    expect(phoneEdits(['JH', 'AO', 'R', 'D', 'AH', 'N'], ['JH', 'AO', 'D', 'AH', 'N'])).toBe(1);
    expect(phoneEdits([], ['L', 'IY'])).toBe(2);
  });
});
