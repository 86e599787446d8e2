import { answeredBeforeSafetyCheck, safetyAnswersEndSession } from './safety-answers';

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

describe('answeredBeforeSafetyCheck', () => {
  it('is false before the partner answered, true after a Yes or a No', () => {
    expect(answeredBeforeSafetyCheck({ recipientDecision: null })).toBe(false);
    expect(answeredBeforeSafetyCheck({ recipientDecision: 'yes' })).toBe(true);
    expect(answeredBeforeSafetyCheck({ recipientDecision: 'no' })).toBe(true);
  });
});
