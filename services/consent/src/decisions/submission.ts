import { API_ERRORS, missingSubmissionDetail, type SubmissionForm, submissionFormSchema } from '@app/contracts';
import { ApiException, ZodBodyPipe } from '@app/http';
import { assertPhoneVerified, isSameNumber } from '../phone-verification/phone-verification-rules';
import { assertSafetyAnswered } from '../recordings/recording-rules';
import { awaitsRetake, type SessionState } from '../session-records/session-rules';
import { assertOpen } from '../sessions/session-errors';

/** A /process-video form: the session answered and the partner's checked fields. */
export interface Submission {
  sessionId: string;
  form: SubmissionForm;
}

const submissionForm = new ZodBodyPipe(submissionFormSchema);

/** Checks the fields once, where they are complete: as the file part arrives, or at the end of a form without one. */
export function readSubmission(fields: Record<string, string>): Submission {
  return { sessionId: fields.sessionId, form: submissionForm.transform(fields) };
}

/** As the file part arrives: fields come first, so a form without its session id by now sent them after the file. */
export function readSubmissionBeforeFile(fields: Record<string, string>): Submission {
  if (!fields.sessionId) throw new ApiException(API_ERRORS.fieldsAfterFile);
  return readSubmission(fields);
}

/**
 * Refuses an answer the session cannot take now (409 answered, the 404 once lapsed), a first answer without the
 * partner's details (400, the form's message), and any recording before the partner proved their phone or answered the safety questions (409). Answers whether it is a retake: the details stored with the first
 * answer stand, and any sent again are ignored.
 */
export function assertAnswerable(
  session: SessionState & VerifiedPhone & { safetyAnsweredAt: Date | null },
  form: SubmissionForm,
  now: Date,
): boolean {
  assertOpen(session, now);
  const retake = awaitsRetake(session, now);
  const missing = retake ? null : missingSubmissionDetail(form);
  if (missing) throw new ApiException(API_ERRORS.validationFailed, missing);
  assertPhoneVerified(session);
  assertSafetyAnswered(session);
  // The number the answer names must be the one proved: the proof is of that phone, not of whoever holds the link.
  if (!retake && !isSameNumber(form.recipient_phone!, session.recipientPhone!))
    throw new ApiException(API_ERRORS.phoneNotVerified);
  return retake;
}

interface VerifiedPhone {
  phoneVerifiedAt: Date | null;
  recipientPhone: string | null;
}
