// The privacy page's words. The retention schedule's numbers come from its one configuration (libs/contracts
// retention.ts), which billing, the deletion job and the dashboard's countdown use too, so the page cannot drift.
import { RETENTION_DAYS } from '@app/contracts/retention';

export interface PrivacySection {
  id: string;
  title: string;
  paragraphs: string[];
}

export const PRIVACY_INTRO = 'What we keep, for how long, how it is deleted, and what we never build.';

export const PRIVACY_SECTIONS: PrivacySection[] = [
  {
    id: 'retention',
    title: 'How long we keep a record',
    paragraphs: [
      'While your subscription is active, we keep your check-ins: each recording, its verdict and its history.',
      `When your subscription lapses, because a renewal payment fails or the subscription ends, each check-in is kept for ${RETENTION_DAYS} more days, then deleted. (A check-in keeps the number of days set when it was made: the app always sets ${RETENTION_DAYS}, and none may be longer.) If you cancel, the lapse is the day your paid period ends.`,
      `Your account is deleted ${RETENTION_DAYS} days after the lapse, with everything still in it. Your dashboard counts down to that day.`,
      'Pay again before a record’s day comes and it is kept: the countdown stops.',
      'A scheduled job deletes what is due, shortly after its day.',
    ],
  },
  {
    id: 'deletion',
    title: 'How a record is deleted',
    paragraphs: [
      'Each check-in’s recordings are encrypted under a key of their own, which we keep, itself encrypted, in our database. Deleting a record destroys that key first, then the recording’s encrypted file, then the record itself (verdict, transcript, texts, audit trail). A partner who asks for their recording to be deleted gets the same: its key, then the file.',
      'Once the key is destroyed, no copy of the recording can be decrypted again, not even one in a backup of the file storage. Backups of the database, where the service’s operator keeps any, still hold the encrypted key and the record until they expire.',
      'We keep a log of each deletion: which record or account, by its random id, when, why, and how many recording files were deleted with it. It holds no names, phone numbers or recordings.',
      'A partner’s recording is uploaded, encrypted, as soon as they stop recording, and checked while they watch it back, so the answer is there the moment they press Yes; nobody sees that result unless they do. A recording they replace with another, or leave without answering, is deleted with its result; one whose upload finished after the page was closed is deleted within a minute of the check-in closing without it.',
      'While a partner records, the sound is also heard as it is captured, so the sentence on their screen lights up and can say when it was heard clearly. It is checked by the same speech model as a recording, held only while that take lasts, and never kept.',
    ],
  },
  {
    id: 'phones',
    title: 'Two people, two phones',
    paragraphs: [
      'A member proves their own phone number with a texted code before their first check-in. Their partner proves a different number the same way, on the phone they answer with, and only that phone can record and answer: the link the member shows stops acting for the partner once the partner’s code is typed, and a phone signed in as the member cannot answer.',
      'What this cannot rule out: one person with two numbers (two phones, or one phone with two SIMs) can still play both parts. The certificate says how the partner’s phone was proved; it is evidence of what was said on a proved phone, not of who held it.',
      'Phone numbers are kept to send these texts and to tell the two phones apart; they are never shown to the other person.',
    ],
  },
  {
    id: 'biometrics',
    title: 'No face or voice templates',
    paragraphs: [
      'Nothing in ConsentIQ builds face or voice templates: we collect no biometric identifiers.',
      'Recordings are kept encrypted, as evidence; only their sound is analysed, turned into words by a general speech model, and no voice is ever compared with another. Profile pictures are resized and stored as pictures; no face is ever measured or matched.',
    ],
  },
];
