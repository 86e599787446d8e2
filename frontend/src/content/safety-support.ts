// The support shown to a partner after a No to a safety question (safety.ts): the one place to change its wording and
// the support resources (text and phone numbers) for where the service runs. Apart from the questions, so it loads
// only with the screen that shows it.

export const SAFETY_SUPPORT = {
  title: 'No consent has been given',
  text: 'That’s okay. Nothing was recorded, and the other person sees only that there is no consent. If you want to talk to someone, these services are free and confidential:',
  resources: [
    { name: 'RAINN National Sexual Assault Hotline (24/7)', phone: '1-800-656-4673' },
    { name: 'SAMHSA National Helpline, alcohol and drugs (24/7)', phone: '1-800-662-4357' },
    { name: 'In immediate danger: emergency services', phone: '911' },
  ],
};
