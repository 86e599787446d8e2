// The partner's private safety questions and the support shown after a No: the one place to change their wording,
// and the support resources (text and phone numbers) for where the service runs. The server knows the questions only
// by their keys (`freeToSayNo`, `clearHeaded`: libs/contracts/src/safety-check.contract.ts).

export const SAFETY_QUESTIONS = [
  { key: 'freeToSayNo', text: 'Do you feel free to say no right now?' },
  { key: 'clearHeaded', text: 'Are you clear-headed enough to decide (not too drunk or high)?' },
] as const;

export const SAFETY_INTRO = 'Two quick questions, just for you. Only you see your answers: if either is No, the other person is told only that there is no consent, never why.';

export const SAFETY_SUPPORT = {
  title: 'No consent has been given',
  text: 'That’s okay. Nothing was recorded, and the other person sees only that there is no consent. If you want to talk to someone, these services are free and confidential:',
  resources: [
    { name: 'RAINN National Sexual Assault Hotline (24/7)', phone: '1-800-656-4673' },
    { name: 'SAMHSA National Helpline, alcohol and drugs (24/7)', phone: '1-800-662-4357' },
    { name: 'In immediate danger: emergency services', phone: '911' },
  ],
};
