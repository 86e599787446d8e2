import { safetyAnswersEndSession } from './safety-answers';

describe('safetyAnswersEndSession', () => {
  it.each([
    [true, true, false],
    [false, true, true],
    [true, false, true],
    [false, false, true],
  ])('freeToSayNo %s, clearHeaded %s: ends the session %s', (freeToSayNo, clearHeaded, ends) => {
    expect(safetyAnswersEndSession({ freeToSayNo, clearHeaded })).toBe(ends);
  });
});
