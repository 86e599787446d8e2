import { z } from 'zod';
import { recipientNameField, recipientPhoneField } from './recordings.contract';

const answer = (name: string) => z.boolean({ message: `${name} must be true or false` });

/**
 * POST /api/consent/sessions/{id}/safety-check: the partner's private answers before recording (the questions'
 * wording is the web app's, `frontend/src/content/safety.ts`). A No to either ends the session as not granted; the
 * name and phone from step 0 come with the answers, as with a No before recording, so the verification text goes out.
 */
export const safetyCheckRequestSchema = z.object({
  /** 'Do you feel free to say no right now?' */
  freeToSayNo: answer('freeToSayNo'),
  /** 'Are you clear-headed enough to decide (not too drunk or high)?' */
  clearHeaded: answer('clearHeaded'),
  recipientFullName: recipientNameField.optional(),
  recipientPhone: recipientPhoneField.optional(),
});
export type SafetyCheckRequest = z.infer<typeof safetyCheckRequestSchema>;
