import { denialKind, deniedBecause, partnerDenialKind } from './verdict-reasons';

describe('denialKind', () => {
  it.each([
    // A No pressed, at the recording step, instead of a retake, or to a safety question: one reason, no recording judged.
    [{ outcome: 'denied', reasons: ['pressed_no'] }, 'pressed_no'],
    // The judge's clear refusals.
    [{ outcome: 'denied', reasons: ['refusal'] }, 'refused_in_words'],
    [{ outcome: 'denied', reasons: ['retraction'] }, 'refused_in_words'],
    [{ outcome: 'denied', reasons: ['refusal', 'retraction'] }, 'refused_in_words'],
    // Unclear at the last attempt, whatever it heard: a refusal it was not sure of is no refusal.
    [{ outcome: 'unclear', reasons: ['no_consent_statement', 'name_matched'] }, 'not_heard'],
    [{ outcome: 'unclear', reasons: ['negation', 'no_consent_statement', 'name_not_confirmed'] }, 'not_heard'],
    [{ outcome: 'unclear', reasons: ['refusal', 'short_refusal'] }, 'not_heard'],
    [{ outcome: 'unclear', reasons: ['refusal', 'uncertain_refusal'] }, 'not_heard'],
    [{ outcome: 'unclear', reasons: ['readings_disagree', 'refusal'] }, 'not_heard'],
    [{ outcome: 'unclear', reasons: ['refusal', 'consent_after_refusal'] }, 'not_heard'],
    [{ outcome: 'unclear', reasons: ['no_speech'] }, 'not_heard'],
    // A retake window that lapsed: the last unclear outcome, with its reason.
    [{ outcome: 'unclear', reasons: ['unclear_words', 'name_matched', 'retake_not_recorded'] }, 'not_heard'],
    // A denial without a refusal the judge names is not called one.
    [{ outcome: 'denied', reasons: [] }, 'not_heard'],
  ])('%j is %s', (verdict, kind) => {
    expect(denialKind(verdict)).toBe(kind);
  });
});

describe('deniedBecause', () => {
  it('tells the member only whether the partner clearly said no or the recording could not confirm consent', () => {
    expect([deniedBecause('pressed_no'), deniedBecause('refused_in_words'), deniedBecause('not_heard')]).toEqual([
      'answer',
      'answer',
      'recording',
    ]);
  });
});

describe('partnerDenialKind', () => {
  it('reads the partner’s denial back from whether they pressed Yes and the session’s deniedBecause', () => {
    expect(partnerDenialKind(false, 'answer')).toBe('pressed_no');
    expect(partnerDenialKind(false, null)).toBe('pressed_no');
    expect(partnerDenialKind(true, 'answer')).toBe('refused_in_words');
    expect(partnerDenialKind(true, 'recording')).toBe('not_heard');
    // A Yes read without its reason: never told they refused.
    expect(partnerDenialKind(true, null)).toBe('not_heard');
  });

  it('agrees with denialKind for every verdict a partner can be given', () => {
    const verdicts = [
      { pressedYes: false, verdict: { outcome: 'denied', reasons: ['pressed_no'] } },
      { pressedYes: true, verdict: { outcome: 'denied', reasons: ['refusal'] } },
      { pressedYes: true, verdict: { outcome: 'unclear', reasons: ['refusal', 'short_refusal'] } },
    ];
    for (const { pressedYes, verdict } of verdicts)
      expect(partnerDenialKind(pressedYes, deniedBecause(denialKind(verdict)))).toBe(denialKind(verdict));
  });
});
