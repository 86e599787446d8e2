import { API_ERRORS, submissionFormSchema, type SubmissionForm } from '@app/contracts';
import { ApiException, ZodBodyPipe } from '@app/http';

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
