import { describe, expect, it } from 'vitest';
import { type FlowAction, flowReducer, type FlowState } from '@/pages/consent-form/consent-flow-state';
import type { FormStep } from '@/pages/consent-form/flow-start';

const DETAILS = { name: 'Jamie Lee', phone: '+15550100', isOver18: true };
const SENT = { sentTo: '••••••00', expiresAt: '2030-01-01T00:12:00.000Z', resendsLeft: 3, verified: false };
const TAKE = new Blob(['take'], { type: 'video/webm' });
const STEPS: FormStep[] = [0, 'phone', 'safety', 1, 2];

const at = (step: FormStep, rest: Partial<FlowState> = {}): FlowState => ({
  step,
  details: step === 0 ? null : DETAILS,
  take: null,
  retakeOf: null,
  ...rest,
});

/** Every action: where it can happen, the step it leads to (`same`: stays) and what it gives the form. */
const MOVES: { action: FlowAction; from: FormStep[]; to: FormStep | 'same'; gives?: Partial<FlowState> }[] = [
  { action: { type: 'detailsGiven', details: DETAILS }, from: [0], to: 'same', gives: { details: DETAILS } },
  { action: { type: 'codeSent', sent: SENT }, from: [0, 'phone'], to: 'phone', gives: { sent: SENT } },
  { action: { type: 'phoneProved' }, from: [0, 'phone'], to: 'safety' },
  { action: { type: 'numberChanged' }, from: ['phone'], to: 0 },
  { action: { type: 'safetyCleared' }, from: ['safety'], to: 1 },
  { action: { type: 'takeRecorded', take: TAKE }, from: [1], to: 2, gives: { take: TAKE } },
  {
    action: { type: 'cameraUnavailable', cameraProblem: 'Camera access not available' },
    from: [1],
    to: 'same',
    gives: { cameraProblem: 'Camera access not available' },
  },
  { action: { type: 'takeDiscarded' }, from: [2], to: 1 },
  { action: { type: 'retakeChosen', retakeOf: 1 }, from: STEPS, to: 1, gives: { retakeOf: 1 } },
];

describe("the partner's steps", () => {
  it('goes through the form in order, each step keeping what the earlier ones gave', () => {
    const actions: FlowAction[] = [
      { type: 'detailsGiven', details: DETAILS },
      { type: 'codeSent', sent: SENT },
      { type: 'phoneProved' },
      { type: 'safetyCleared' },
      { type: 'takeRecorded', take: TAKE },
    ];
    const steps = actions.map((_, index) => actions.slice(0, index + 1).reduce(flowReducer, at(0)).step);
    expect(steps).toEqual([0, 'phone', 'safety', 1, 2]);
    expect(actions.reduce(flowReducer, at(0))).toEqual({
      step: 2,
      details: DETAILS,
      sent: SENT,
      take: TAKE,
      retakeOf: null,
    });
  });

  it.each(MOVES.flatMap(({ from, ...move }) => from.map((step) => ({ ...move, step }))))(
    'takes $action.type at step $step',
    ({ action, step, to, gives }) => {
      expect(flowReducer(at(step), action)).toEqual({ ...at(step), ...gives, step: to === 'same' ? step : to });
    },
  );

  it.each(
    MOVES.flatMap(({ action, from }) => STEPS.filter((step) => !from.includes(step)).map((step) => ({ action, step }))),
  )('ignores $action.type at step $step, where it cannot happen (a late reply, a second tap)', ({ action, step }) => {
    const state = at(step, { sent: SENT, take: step === 2 ? TAKE : null });
    expect(flowReducer(state, action)).toBe(state);
  });

  it('texts the code again at the code step: the new text replaces the first (resends left)', () => {
    const resent = { ...SENT, resendsLeft: 2 };
    expect(flowReducer(at('phone', { sent: SENT }), { type: 'codeSent', sent: resent })).toMatchObject({
      step: 'phone',
      sent: resent,
    });
  });

  it('goes back to the camera from the review, or to record again after an unclear take, with the same details', () => {
    expect(flowReducer(at(2, { take: TAKE }), { type: 'takeDiscarded' })).toMatchObject({
      step: 1,
      details: DETAILS,
      retakeOf: null,
    });
    expect(flowReducer(at(2, { take: TAKE }), { type: 'retakeChosen', retakeOf: 1 })).toMatchObject({
      step: 1,
      details: DETAILS,
      retakeOf: 1,
    });
  });

  it('goes on from where a reload left it: the start is the state', () => {
    const resumed = { step: 2 as const, details: DETAILS, typed: DETAILS, take: TAKE, retakeOf: 1, sent: undefined };
    expect(flowReducer(resumed, { type: 'takeDiscarded' })).toMatchObject({ step: 1, details: DETAILS, retakeOf: 1 });
    expect(flowReducer(resumed, { type: 'safetyCleared' })).toBe(resumed);
  });
});
