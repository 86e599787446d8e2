import { generalAgrees } from './local-transcriber';

describe('generalAgrees (the general model on a recording the phrase model heard as a consent)', () => {
  it.each([
    ['my name is jargon and i consent', true],
    ['my name is jordan and i can send', true], // the sound of "consent" is enough
    ['my name is jordan', false],
    ['', false],
    ['i do not consent', false],
    ['i consent actually know i take it back', false],
    ['i consent i think', false],
  ])('%j: %s', (text, agrees) => {
    expect(generalAgrees(text, 'jordan')).toBe(agrees);
  });
});
