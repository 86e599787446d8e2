/**
 * Each reason code a verdict can store, as a plain sentence for the certificate's readable forms and the receipt
 * (the codes themselves stay in the certificate's JSON). Zod-free: the web app imports it. Neutral in person, since
 * the member and the partner both read it.
 */
export const REASON_SENTENCES: Readonly<Record<string, string>> = {
  // A No pressed at any step.
  pressed_no: 'The partner answered No.',
  // The judge: a consent, and the name check beside it.
  consent_affirmed: 'Consent was stated clearly in the recording.',
  name_matched: 'The name typed was heard in the recording.',
  name_not_confirmed: 'The name typed could not be confirmed from the recording.',
  name_different: 'A different name from the one typed was heard.',
  // The judge: what speaks against a consent.
  refusal: 'A refusal was heard in the recording.',
  retraction: 'Consent was taken back in the recording.',
  consent_after_refusal: 'Both a refusal and a consent were heard, so the answer was not clear.',
  short_refusal: 'Only a short "no" was heard, so the answer was not clear.',
  uncertain_refusal: 'What may have been a refusal could not be heard clearly.',
  hesitation: 'Hesitation was heard in the recording.',
  negation: 'A negative word (such as "not") was heard in the statement.',
  no_consent_statement: 'No statement of consent was heard.',
  consent_unclear: 'The statement of consent could not be heard clearly.',
  off_topic_speech: 'Words other than the consent statement were heard.',
  speech_after_consent: 'More was said after the statement of consent.',
  filler_before_consent: 'A sound just before the statement of consent could not be told apart from a "not".',
  unclear_words: 'Some of the words could not be made out.',
  readings_disagree: 'The recording could be heard in more than one way.',
  // The recogniser's doubts.
  no_speech: 'No speech was heard in the recording.',
  unexplained_speech: 'Speech was heard that was not part of the statement.',
  // A retake offered and not taken.
  retake_not_recorded: 'A new recording was offered but not made in time.',
  // An analysis that failed (no certificate, but the receipt shows it).
  analysis_failed: 'The recording could not be analysed.',
  corrupt_media: 'The recording file was damaged.',
  no_audio: 'The recording has no sound.',
  no_video: 'The recording has no picture.',
  too_long: 'The recording was too long.',
  recording_missing: 'The recording could not be found.',
};

/** For a code stored by a later version than this one: said plainly, and never shown raw. */
export const UNKNOWN_REASON_SENTENCE = 'A further detail of the check is recorded in the certificate file.';

export function reasonSentence(code: string): string {
  return Object.hasOwn(REASON_SENTENCES, code) ? REASON_SENTENCES[code] : UNKNOWN_REASON_SENTENCE;
}

/** A verdict's reasons as sentences, each once (a code unknown here is said once however many there are). */
export function reasonSentences(codes: readonly string[]): string[] {
  return [...new Set(codes.map(reasonSentence))];
}
