import type { FlowStart, FormStep } from '@/pages/consent-form/flow-start';

/**
 * Where the partner is in the form and what the steps so far gave: the details, the code texted (at 'phone'), the take
 * (at the review), the attempt recorded again after. A `FlowStart` is one, so a reload goes on where it left off.
 */
export interface FlowState extends Pick<FlowStart, 'step' | 'details' | 'sent' | 'take' | 'retakeOf'> {
  /** Why the camera cannot be used at all: the unsupported screen then shows instead of the form. */
  cameraProblem?: string;
}

/** What happened on the partner's phone, with what it gave the form. */
export type FlowAction =
  | ({ type: 'detailsGiven' } & Pick<FlowState, 'details'>)
  | ({ type: 'codeSent' } & Required<Pick<FlowState, 'sent'>>)
  /** The code was confirmed, or the number had been proved before in this browser. */
  | { type: 'phoneProved' }
  | { type: 'numberChanged' }
  /** Safety answered Yes, the session still open. */
  | { type: 'safetyCleared' }
  | ({ type: 'takeRecorded' } & Pick<FlowState, 'take'>)
  | ({ type: 'cameraUnavailable' } & Required<Pick<FlowState, 'cameraProblem'>>)
  | { type: 'takeDiscarded' }
  /** The speech check offered a retake after attempt `retakeOf`, and the partner took it. */
  | ({ type: 'retakeChosen' } & Pick<FlowState, 'retakeOf'>);

/**
 * The partner's steps, 0 (details), 'phone', 'safety', 1 (recording) and 2 (review): what can happen at each, and the
 * step it leads to. Anything else at a step (a late reply, a second tap) changes nothing.
 */
const NEXT: Record<FormStep, Partial<Record<FlowAction['type'], FormStep>>> = {
  0: { detailsGiven: 0, codeSent: 'phone', phoneProved: 'safety' },
  phone: { codeSent: 'phone', phoneProved: 'safety', numberChanged: 0 },
  safety: { safetyCleared: 1 },
  1: { takeRecorded: 2, cameraUnavailable: 1 },
  2: { takeDiscarded: 1 },
};

export function flowReducer(state: FlowState, { type, ...given }: FlowAction): FlowState {
  // A retake is offered over whatever step the form is at, a reloaded one's too.
  const step = type === 'retakeChosen' ? 1 : NEXT[state.step][type];
  return step === undefined ? state : { ...state, ...given, step };
}
