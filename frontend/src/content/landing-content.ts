// Editable marketing copy for the landing page. Every statement here must stay true of the product:
// no affiliate programme, no invented member numbers (the count comes from /api/site). The referral reward is
// real (billing's referrals: 4 referred friends who pay make the referrer's subscription free for life).
import {
  Clock,
  EyeOff,
  HeartHandshake,
  Lock,
  type LucideIcon,
  MessagesSquare,
  Mic,
  QrCode,
  ScanLine,
  ShieldAlert,
  Smartphone,
  Video,
} from 'lucide-react';

export interface IconCard {
  icon: LucideIcon;
  title: string;
  text: string;
}

export interface Testimonial {
  quote: string;
  name: string;
  detail: string;
}

export const HERO = {
  eyebrow: 'Consent, made clear',
  title: 'Ask first. Record the answer.',
  text:
    'Before things get intimate, your partner scans a QR code and records a short video saying yes or no, in their own words. ' +
    'AI speech verification confirms what was said, and the video is encrypted, timestamped and kept for as long as you stay subscribed.',
};

/** Spec section 1's referral claim, true since billing counts referrals and grants the reward (spec section 9). */
export const REFERRAL_CLAIM = 'Referring 4 friends earns a free membership for life.';

/** Average member rating shown next to the testimonials; update it from real review data. */
export const RATING = { value: '4.9/5', label: 'average member rating' };

export const PROBLEMS: IconCard[] = [
  {
    icon: MessagesSquare,
    title: 'Miscommunication',
    text: 'Signals get missed and assumptions fill the gaps. A clear, spoken answer takes the guessing out of the moment.',
  },
  {
    icon: ShieldAlert,
    title: 'False accusations',
    text: 'Memories fade and stories change. A timestamped recording keeps an honest record of what was said, and when.',
  },
  {
    icon: HeartHandshake,
    title: 'Trust issues',
    text: 'Asking openly shows respect. It makes it easier for both of you to say what you want, and what you don’t.',
  },
];

export const FEATURES: IconCard[] = [
  {
    icon: QrCode,
    title: 'Scan and go',
    text: 'Your partner scans a QR code with their phone camera. No app to download and no account to create.',
  },
  {
    icon: Mic,
    title: 'AI speech verification',
    text: 'AI checks the words spoken in the recording and returns a clear verdict: consent granted or denied.',
  },
  {
    icon: Lock,
    title: 'Encrypted storage',
    text: 'Every video is encrypted and kept for as long as you stay subscribed.',
  },
  {
    icon: Clock,
    title: 'Timestamped',
    text: 'Each answer carries the time it was given, so there is no doubt about when it was said.',
  },
  {
    icon: Smartphone,
    title: 'Mobile first',
    text: 'Designed for the phone in your pocket: quick to open and simple to use in the moment.',
  },
  {
    icon: EyeOff,
    title: 'Private',
    text: 'No public profiles, no feeds, nothing posted. Your sessions stay with your account.',
  },
];

export const STEPS: IconCard[] = [
  {
    icon: QrCode,
    title: 'Generate QR Code',
    text: 'Tap Start New and a unique QR code for this moment appears on your screen.',
  },
  {
    icon: ScanLine,
    title: 'Partner Scans',
    text: 'Your partner scans it with their camera, adds their name and number, and confirms they are over 18.',
  },
  {
    icon: Video,
    title: 'Record Consent',
    text: 'They record a short video in their own words and choose Yes or No. You see the verified answer on your screen.',
  },
];

export const STEPS_NOTE =
  'A recording captures one moment. Consent can be withdrawn at any time, and a “no” or a change of mind always comes first.';

export const TESTIMONIALS: Testimonial[] = [
  {
    quote: 'It turned an awkward question into a two-minute conversation. She actually thanked me for asking.',
    name: 'Jordan M.',
    detail: 'Member since launch',
  },
  {
    quote: 'No app for her to install, just a scan with her camera. Fast, simple, and it felt respectful.',
    name: 'Chris T.',
    detail: 'Monthly member',
  },
  {
    quote: 'Knowing we both said what we meant, clearly and on the record, gives me real peace of mind.',
    name: 'Andre L.',
    detail: 'Annual member',
  },
];

export const CTA = {
  title: 'Make consent the clearest part of the night.',
  text: 'Create your account in a minute. All you need is your phone.',
};
