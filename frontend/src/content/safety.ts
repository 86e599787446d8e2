// The partner's private safety questions: the one place to change their wording (the support shown after a No is in
// safety-support.ts). The server knows the questions only by their keys (`freeToSayNo`, `clearHeaded`:
// libs/contracts/src/safety-check.contract.ts).

export const SAFETY_QUESTIONS = [
  { key: 'freeToSayNo', text: 'Do you feel free to say no right now?' },
  { key: 'clearHeaded', text: 'Are you clear-headed enough to decide (not too drunk or high)?' },
] as const;

export const SAFETY_INTRO =
  'Two quick questions, just for you. Only you see your answers: if either is No, the other person is told only that there is no consent, never why.';
