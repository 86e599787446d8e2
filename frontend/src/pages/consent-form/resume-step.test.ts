import type { PartnerCheck } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { mayResume } from '@/pages/consent-form/partner-draft';
import { draftDetails, resumedStart, resumeStep } from '@/pages/consent-form/resume-step';

const CHECK: PartnerCheck = {
  attempt: 0,
  maxAttempts: 3,
  retakeAllowed: false,
  heard: null,
  answer: null,
  recorded: false,
  endedBySafetyAnswers: false,
  safetyAnswered: false,
};
const DETAILS = { name: 'Jamie Lee', phone: '+15550100', isOver18: true };
const SENT = { sentTo: '••••••00', expiresAt: '2030-01-01T00:12:00.000Z', resendsLeft: 3, verified: false };
const PROVED = '2030-01-01T00:02:00.000Z';

/** The session as the partner's own browser reads it: `check` only to the partner. */
const session = (check: Partial<PartnerCheck> | null, phoneVerifiedAt: string | null = PROVED) => ({
  check: check && { ...CHECK, ...check },
  phoneVerifiedAt,
});

describe('where a reloaded partner form starts', () => {
  it('starts at the details with nothing kept, or only fields typed', () => {
    expect(resumeStep(session(CHECK, null), {}, false)).toBe(0);
    expect(resumeStep(session(CHECK, null), { details: DETAILS }, false)).toBe(0);
  });

  it('stays at the code once it was texted, while the phone is not proved', () => {
    expect(resumeStep(session(CHECK, null), { details: DETAILS, sent: SENT }, false)).toBe('phone');
  });

  it('never goes back to the code once this browser proved the phone: on to the questions', () => {
    expect(resumeStep(session({}), { details: DETAILS, sent: SENT }, false)).toBe('safety');
  });

  it('goes past the questions answered Yes: to the camera, or to the review with a kept take', () => {
    expect(resumeStep(session({ safetyAnswered: true }), { details: DETAILS }, false)).toBe(1);
    expect(resumeStep(session({ safetyAnswered: true }), { details: DETAILS }, true)).toBe(2);
  });

  it('asks for the details again when this tab kept none (the first answer sends them): the code is not asked again', () => {
    expect(resumeStep(session({ safetyAnswered: true }), {}, true)).toBe(0);
    expect(resumeStep(session({ safetyAnswered: true }), { details: { ...DETAILS, isOver18: false } }, true)).toBe(0);
  });

  it('a browser that did not prove the phone (no check, or the link only) starts as today', () => {
    expect(resumeStep(session(null), { details: DETAILS }, true)).toBe(0);
    expect(resumeStep(session(null), { sent: SENT }, false)).toBe('phone');
  });

  it('goes back to recording again, or its review, when the partner chose a retake of the attempt still offered', () => {
    const retaking = session({ attempt: 1, retakeAllowed: true, safetyAnswered: true, answer: 'yes', recorded: true });
    expect(resumeStep(retaking, { retakeOf: 1 }, false)).toBe(1);
    expect(resumeStep(retaking, { retakeOf: 1 }, true)).toBe(2);
    // A retake of an earlier attempt is not this one: the details are needed as for a first answer.
    expect(resumeStep(retaking, { retakeOf: 0 }, true)).toBe(0);
  });
});

describe('the details kept in the draft', () => {
  it('are the ones Continue sends: trimmed, and only when complete', () => {
    expect(draftDetails({ details: { name: ' Jamie Lee ', phone: '+15550100 ', isOver18: true } })).toEqual(DETAILS);
    expect(draftDetails({ details: { ...DETAILS, name: ' ' } })).toBeNull();
    expect(draftDetails({})).toBeNull();
  });
});

describe('what a reloaded form starts with', () => {
  const take = new Blob(['take'], { type: 'video/webm' });

  it('at the review: the details as sent and the kept take', () => {
    expect(resumedStart(session({ safetyAnswered: true }), { details: DETAILS }, take)).toEqual({
      step: 2,
      details: DETAILS,
      typed: DETAILS,
      take,
      retakeOf: null,
      sent: undefined,
    });
  });

  it('at the code: the text sent before, the fields as typed, no take', () => {
    expect(resumedStart(session(CHECK, null), { details: DETAILS, sent: SENT }, take)).toEqual({
      step: 'phone',
      details: DETAILS,
      typed: DETAILS,
      take: null,
      retakeOf: null,
      sent: SENT,
    });
  });

  it('at step 0: only the fields as typed', () => {
    expect(resumedStart(session(CHECK, null), { details: DETAILS }, null)).toEqual({
      step: 0,
      details: null,
      typed: DETAILS,
      take: null,
      retakeOf: null,
      sent: undefined,
    });
  });
});

describe('whether a load has anything to resume', () => {
  const ID = 'session-1';

  it('a first visit has nothing: no draft, no phone proved by this browser', () => {
    expect(mayResume({ id: ID, ...session(CHECK, null) })).toBe(false);
    expect(mayResume({ id: ID, ...session(null) })).toBe(false);
  });

  it("this tab's draft, or the server's state for a phone this browser proved", () => {
    expect(mayResume({ id: ID, ...session({}) })).toBe(true);
    sessionStorage.setItem(`partner-draft:${ID}`, '{}');
    expect(mayResume({ id: ID, ...session(CHECK, null) })).toBe(true);
  });
});
