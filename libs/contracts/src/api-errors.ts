/**
 * Every error the public API answers, as `{error, code}`: `error` is the human text (the spec's where it has one),
 * `code` is stable and is what clients branch on. Codes are never renamed; a new case gets a new code.
 * Free of zod, so the web app can import it without shipping a validator.
 */
export interface ApiErrorBody {
  error: string;
  code: ErrorCode;
}

export interface ApiErrorSpec {
  status: number;
  code: string;
  message: string;
}

/** A fallback code per status, for errors that have nothing more specific to say. */
export const STATUS_CODES = {
  400: 'bad_request',
  401: 'unauthenticated',
  402: 'payment_required',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  411: 'length_required',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  429: 'rate_limited',
  500: 'internal_error',
  502: 'bad_gateway',
  503: 'service_unavailable',
} as const;

const spec = <S extends number, C extends string>(status: S, code: C, message: string) =>
  ({ status, code, message }) as const;

/** The errors with a meaning of their own. `message` is the default text; a few callers add details to it. */
export const API_ERRORS = {
  invalidJson: spec(400, 'invalid_json', 'Request body is not valid JSON'),
  bodyTooDeep: spec(400, 'body_too_deep', 'Request body is nested too deeply'),
  bodyTooLarge: spec(413, 'body_too_large', 'Request body is too large'),
  validationFailed: spec(400, 'validation_failed', 'The request is not valid'),
  notSignedIn: spec(401, 'unauthenticated', 'Not signed in'),
  invalidCredentials: spec(401, 'invalid_credentials', 'Invalid email or password'),
  emailTaken: spec(409, 'email_taken', 'An account with this email already exists'),
  crossSiteRequest: spec(
    403,
    'cross_site_request',
    'Refused: this request came from a page at a different address than the app. Open the app at its own address and try again.',
  ),
  /** A signed-in account whose role the route does not allow (a member on a staff page, support changing a job). */
  roleRequired: spec(403, 'role_required', 'Your role does not allow this'),
  /** A change through the job dashboard other than retrying or removing one job: no one adds jobs or edits their data. */
  jobChangeRefused: spec(403, 'job_change_refused', 'Jobs can only be retried or removed, never added or edited'),
  subscriptionRequired: spec(403, 'subscription_required', 'An active subscription is required'),
  tooManyRequests: spec(429, 'rate_limited', 'Too many requests.'),
  pictureInvalid: spec(400, 'picture_invalid', 'Profile picture must be an image file'),
  pictureTooLarge: spec(413, 'picture_too_large', 'Profile picture must be 5 MB or smaller'),
  pictureUnsupported: spec(415, 'picture_unsupported', 'Profile picture must be a PNG, JPEG or WebP image'),
  pictureUnreadable: spec(415, 'picture_unsupported', 'Profile picture could not be read as an image'),
  pictureNotFound: spec(404, 'not_found', 'Picture not found'),
  sessionNotFound: spec(404, 'session_not_found', 'This consent session is invalid or has expired.'),
  alreadyAnswered: spec(409, 'already_answered', 'This consent session has already been answered'),
  grantNeedsRecording: spec(422, 'grant_needs_recording', 'Consent can only be granted by a recorded statement'),
  recordingRequired: spec(400, 'recording_required', 'A stored recording is required'),
  recordingNotFound: spec(404, 'recording_not_found', 'Recording not found'),
  recordingTooLarge: spec(413, 'recording_too_large', 'Recordings must be 50 MB or smaller'),
  recordingUnsupported: spec(415, 'recording_unsupported', 'Recordings must be WebM or MP4 video'),
  recordingAlreadyStored: spec(409, 'recording_already_stored', 'This recording was already uploaded'),
  /** A retake names a recording an earlier attempt of the session was already judged on. */
  recordingAlreadySubmitted: spec(
    409,
    'recording_already_submitted',
    'This recording was already submitted: record a new one',
  ),
  recordingUploading: spec(409, 'recording_uploading', 'This recording is being uploaded already'),
  /** The same bytes as a recording another consent session stored: a recording proves one consent only. */
  recordingUsedElsewhere: spec(
    409,
    'recording_used_elsewhere',
    'This video was already sent for another consent. Please record a new one.',
  ),
  /** Announcing, uploading or submitting a recording before the partner answered Yes to both safety questions. */
  safetyQuestionsUnanswered: spec(
    409,
    'safety_questions_unanswered',
    'Please answer the two questions before recording.',
  ),
  tooManyRecordings: spec(409, 'too_many_recordings', 'A consent session can hold at most 5 recordings'),
  multipartExpected: spec(415, 'multipart_expected', 'Expected a multipart/form-data upload'),
  fieldsAfterFile: spec(400, 'fields_after_file', 'All fields must come before the video'),
  uploadFieldsMissing: spec(400, 'upload_fields_missing', 'sessionId and videoAssetId must come before the video'),
  videoMissing: spec(400, 'video_missing', 'A video file is required'),
  uploadInterrupted: spec(400, 'upload_interrupted', 'The upload was interrupted'),
  multipartUnreadable: spec(400, 'multipart_unreadable', 'The multipart body could not be read'),
  fieldTooLong: spec(400, 'field_too_long', 'A form field is too long'),
  consentServiceUnavailable: spec(503, 'service_unavailable', 'The consent service is unavailable, please try again'),
  billingServiceUnavailable: spec(503, 'service_unavailable', 'The billing service is unavailable, please try again'),
  /** Postgres or Redis away for a moment (a restart, a failover): the same call may be tried again. */
  storeUnavailable: spec(503, 'service_unavailable', 'The service is briefly unavailable, please try again'),
  checkoutNotFound: spec(404, 'checkout_not_found', 'No payment session found'),
  cardDeclined: spec(402, 'card_declined', 'Your card was declined.'),
  webhookSignature: spec(400, 'webhook_signature', 'Webhook signature verification failed'),
  noSubscription: spec(409, 'no_subscription', 'There is no subscription to change'),
  /** Resume: the member's subscription is not cancelled at period end, or has ended already. */
  nothingToResume: spec(409, 'nothing_to_resume', 'There is no cancelled subscription to resume'),
  /** A new checkout for a member whose renewal failed: they pay the open invoice or change the card in the portal. */
  subscriptionPastDue: spec(
    409,
    'subscription_past_due',
    'Your last payment failed: pay it or change your card in Manage billing',
  ),
  /** Recording (announcing, uploading or submitting one) before the partner typed the code texted to their phone. */
  phoneNotVerified: spec(409, 'phone_not_verified', 'Verify your phone number with the texted code before recording'),
  /** A consent session started before the member proved their own phone: the partner's proof needs another phone. */
  memberPhoneNotVerified: spec(
    403,
    'member_phone_not_verified',
    'Prove your phone number with the texted code before starting a consent session',
  ),
  /** The partner gave the member's own number: the partner must prove a phone of their own. */
  phoneIsMembers: spec(400, 'phone_is_members', "This is the member's own phone number. Enter your own number."),
  /** A number that parses as no phone number (libphonenumber), or one written without a country code when there is none to assume. */
  phoneInvalid: spec(400, 'phone_invalid', 'Enter a phone number that can receive texts, with its country code (+...)'),
  /** Phone codes asked for by one member's sessions, or from one network address, past the hour's limit. */
  phoneCodeHourlyLimit: spec(
    429,
    'phone_code_hourly_limit',
    'Too many codes were asked for in the last hour: try again later',
  ),
  phoneCodeNotSent: spec(409, 'phone_code_not_sent', 'Ask for a code first'),
  phoneCodeWrong: spec(400, 'phone_code_wrong', 'That code is not right'),
  /** Live hearing (LIVE_HEARING): only the proved phone of a session waiting for its recording may stream. */
  liveTakeRefused: spec(
    403,
    'live_take_refused',
    'Live hearing is only for the phone that proved its number, while recording',
  ),
  liveTakeBusy: spec(409, 'live_take_busy', 'Live hearing is already listening to another take of this consent'),
  liveHearingOff: spec(
    503,
    'live_hearing_off',
    'Live hearing is off: record as usual, the check still hears your recording',
  ),
  liveTakeNotAudio: spec(400, 'live_take_not_audio', 'Live hearing stopped: what was sent is not audio'),
  liveTakeTooLong: spec(413, 'live_take_too_long', 'Live hearing stopped: a take is at most 35 seconds'),
  liveTakeTooFast: spec(429, 'live_take_too_fast', 'Live hearing stopped: audio arrived faster than it is spoken'),
  phoneCodeExpired: spec(410, 'phone_code_expired', 'That code has expired: ask for a new one'),
  phoneCodeTriesUsed: spec(429, 'phone_code_tries_used', 'Too many wrong codes: ask for a new one'),
  phoneCodeResendsUsed: spec(429, 'phone_code_resends_used', 'No more codes can be sent for this consent session'),
  phoneCodeDailyLimit: spec(
    429,
    'phone_code_daily_limit',
    'Too many codes were sent to this number today: try again tomorrow',
  ),
  /** A second number after the first was verified: the verified one stands. */
  phoneAlreadyVerified: spec(
    409,
    'phone_already_verified',
    'A phone number is already verified for this consent session',
  ),
  /** A partner's call made signed in as the session's own member: the partner is a second person, on their own phone. */
  partnerIsMember: spec(
    403,
    'partner_is_member',
    "This phone is signed in as the session's member. Your partner answers on their own phone.",
  ),
  /** A partner's call with the link's token alone once the phone is proved: only the phone that confirmed the code answers. */
  partnerPhoneRequired: spec(
    403,
    'partner_phone_required',
    'This consent session is answered on the phone that confirmed the code.',
  ),
  /** Every refusal of a receipt (unknown id, missing, wrong or malformed secret): the same answer, revealing nothing. */
  receiptNotFound: spec(404, 'receipt_not_found', 'This receipt link is invalid.'),
  /** A withdrawal of a record whose verdict is not a granted consent: there is nothing to withdraw. */
  consentNotGranted: spec(409, 'consent_not_granted', 'Only a granted consent can be withdrawn'),
  /** The member's own session that has no final verdict (yet, or a failed analysis): nothing to certify. */
  certificateNotFound: spec(
    404,
    'certificate_not_found',
    'This session has no final verdict, so it has no certificate',
  ),
  /** A history page's `before` that is not a cursor this service gave out. */
  invalidCursor: spec(400, 'invalid_cursor', 'The page cursor is not valid'),
  /** `/verify/recording` takes the file itself as the body, not a form or JSON. */
  rawUploadExpected: spec(
    415,
    'raw_upload_expected',
    'Send the recording file itself as the body (application/octet-stream, video/* or audio/*)',
  ),
  /** `/verify/certificate.pdf`: a body that is not a PDF, or a PDF without the certificate.json ConsentIQ attaches. */
  noCertificateInPdf: spec(
    422,
    'no_certificate_in_pdf',
    'This file is not a ConsentIQ certificate PDF: it carries no certificate',
  ),
  serviceCredential: spec(401, 'service_credential', 'Missing or invalid service credential'),
  internal: spec(500, 'internal_error', 'Internal server error'),
} as const;

export type ErrorCode =
  (typeof STATUS_CODES)[keyof typeof STATUS_CODES] | (typeof API_ERRORS)[keyof typeof API_ERRORS]['code'];

/** The code of an error that carries none of its own. */
export function codeForStatus(status: number): ErrorCode {
  return (STATUS_CODES as Record<number, ErrorCode>)[status] ?? (status >= 500 ? 'internal_error' : 'bad_request');
}
