import type { PhoneCodeSent } from '@app/contracts';
import type { RecipientValues } from '@/pages/consent-form/recipient-validation';

/** After the details: 'phone', the texted code; 'safety', the private questions; then the camera opens at step 1. */
export type FormStep = 0 | 'phone' | 'safety' | 1 | 2;

/** Where the partner's form opens: step 0 on a first visit, where this phone left it after a reload (`resume-step.ts`). */
export interface FlowStart {
  step: FormStep;
  /** The details as Continue sent them, when the step is past step 0. */
  details: RecipientValues | null;
  /** Step 0's fields as they were typed, to fill it again. */
  typed?: RecipientValues;
  /** The take kept on the phone, at the review. */
  take: Blob | null;
  /** The attempt the partner chose to record again after. */
  retakeOf: number | null;
  /** The code texted before the reload, at the code step. */
  sent?: PhoneCodeSent;
}
