// Educational copy for /learn. General information, not legal advice; keep it plain and practical.

export interface LearnSection {
  id: string;
  title: string;
  paragraphs: string[];
  /** Optional list after the paragraphs: a term in bold followed by its explanation. */
  points?: { term: string; text: string }[];
}

export const LEARN_INTRO =
  'Consent is an ongoing, clear agreement between people who are able to give it. It isn’t a box you tick once; it’s something you keep paying attention to from the first kiss to the last moment.';

export const LEARN_SECTIONS: LearnSection[] = [
  {
    id: 'what-consent-is',
    title: 'What real consent looks like',
    paragraphs: [
      'A real yes has five qualities. If any one of them is missing, you don’t have consent, no matter what was said earlier or what’s on a recording.',
    ],
    points: [
      {
        term: 'Freely given.',
        text: 'The yes comes without pressure, guilt, threats or a sense of owing you something. If someone says yes because they feel they can’t say no, that isn’t consent.',
      },
      {
        term: 'Reversible.',
        text: 'Anyone can change their mind at any time, before or during sex, and even right after recording a yes. Stopping when asked is not optional.',
      },
      {
        term: 'Informed.',
        text: 'Both people know what they are agreeing to. That includes things like whether a condom will be used and whether anyone else could see or hear.',
      },
      {
        term: 'Enthusiastic.',
        text: 'Look for a yes that is clearly wanted, not one that has been worn down. Hesitation, “I guess” or “maybe later” mean slow down and ask.',
      },
      {
        term: 'Specific.',
        text: 'Yes to one thing is not yes to everything. Agreeing to go back to your place, to kiss or to one kind of sex doesn’t cover anything else.',
      },
    ],
  },
  {
    id: 'recording',
    title: 'A recording is a moment, not a licence',
    paragraphs: [
      'A consent recording shows what someone said at one moment. It can help you both be clear, and it keeps an honest record of that conversation. It does not give permission in advance for whatever happens next.',
      'If your partner says stop, pulls back or changes their mind five minutes after recording a yes, the recording no longer matters: stop. Never point to a recording to argue someone into continuing, and never ask for one to settle a disagreement. Asking for a recording from someone who is hesitant is itself a form of pressure.',
    ],
  },
  {
    id: 'capacity',
    title: 'Alcohol, drugs and the ability to say yes',
    paragraphs: [
      'A person who is very drunk, high, half asleep, unconscious or drifting in and out cannot consent, even if they say the words. A recording made in that state isn’t a real yes.',
      'Warning signs include slurred speech, stumbling, vomiting, confusion about where they are, or needing help to stand. If you are wondering whether they are sober enough, treat that doubt as your answer: wait until you are both clear-headed. Your own drinking doesn’t change your responsibility to check.',
    ],
  },
  {
    id: 'pressure',
    title: 'Pressure and power',
    paragraphs: [
      'Consent isn’t free if it’s the price of keeping the peace. Asking again and again, sulking, guilt trips (“after everything I did tonight”) and threats to end the relationship are all pressure.',
      'Power matters too. When one person is someone’s boss, teacher, coach, landlord, much older, or controls their money, housing, transport home or immigration status, it can be very hard to say no. The person with more power has a bigger responsibility to make sure the other genuinely wants this and can walk away without cost.',
    ],
  },
  {
    id: 'checking-in',
    title: 'How to check in',
    paragraphs: [
      'Checking in doesn’t kill the mood; it shows you care. Ask when things are about to go further, when you try something new, after a pause, or whenever you’re not sure. Simple questions work best:',
    ],
    points: [
      { term: '“Is this okay?”', text: 'Quick and easy to answer honestly.' },
      { term: '“Do you want to keep going?”', text: 'Makes it normal to stop.' },
      { term: '“Do you want to slow down or take a break?”', text: 'Offers a way out without any drama.' },
      { term: '“What would you like?”', text: 'Invites a real answer instead of a yes or no.' },
    ],
  },
  {
    id: 'no-or-quiet',
    title: 'If they say no, or go quiet',
    paragraphs: [
      'Stop straight away. Don’t argue, bargain, sulk or ask “why not?”. A no is not the opening of a negotiation.',
      'Silence is not a yes. Going still, looking away, not kissing back, tensing up or going quiet can all mean someone has frozen, which is a common reaction to feeling unsafe. Pause, ask how they are, and be ready to stop completely.',
      'Afterwards, make it easy: say something like “Thanks for telling me, that’s completely fine,” check they’re okay, and don’t bring it up again to change their mind. People who feel safe saying no are the people who can truly say yes.',
    ],
  },
  {
    id: 'help',
    title: 'Getting help',
    paragraphs: [
      'If you or someone you know has been hurt, you are not alone. In an emergency call your local emergency number. In the United States, the RAINN National Sexual Assault Hotline is free and confidential: call 800-656-4673. Elsewhere, local sexual assault services and helplines can offer support.',
      'This page is general information, not legal advice. Laws on consent and on recording people differ between places.',
    ],
  },
];
