import {
  missingSubmissionDetail,
  recordingFilePartSchema,
  recordingTooLargeMessage,
  registerAssetRequestSchema,
  submissionFormSchema,
} from './recordings.contract';

const valid = {
  recipient_full_name: '  Sam Roe ',
  recipient_phone: ' +1 555 987 6543 ',
  is_over_18: 'true',
  decision: 'yes',
};
const parse = (fields: Record<string, string | undefined>) => {
  const result = submissionFormSchema.safeParse(fields);
  if (!result.success) throw new Error(result.error.issues[0].message);
  return result.data;
};
/** A first answer: the form, and the partner's details it must carry. */
const parseFirstAnswer = (fields: Record<string, string | undefined>) => {
  const form = parse(fields);
  const missing = missingSubmissionDetail(form);
  if (missing) throw new Error(missing);
  return form;
};

describe('submission form', () => {
  it('trims the name and phone', () => {
    expect(parseFirstAnswer(valid)).toEqual({
      recipient_full_name: 'Sam Roe',
      recipient_phone: '+1 555 987 6543',
      is_over_18: 'true',
      decision: 'yes',
    });
  });

  it.each([
    [{ recipient_full_name: undefined }, 'Name is required'],
    [{ recipient_full_name: '   ' }, 'Name is required'],
    [{ recipient_phone: undefined }, 'Phone number is required'],
    [{ recipient_phone: '' }, 'Phone number is required'],
    [{ is_over_18: 'false' }, 'You must be over 18 to continue'],
    [{ is_over_18: undefined }, 'You must be over 18 to continue'],
    [{ decision: 'maybe' }, 'Decision must be yes or no'],
    [{ decision: undefined }, 'Decision must be yes or no'],
    [{ recipient_full_name: '', recipient_phone: '', decision: '' }, 'Name is required'],
    [{ recipient_phone: '', is_over_18: 'no' }, 'Phone number is required'],
  ])('refuses %j with %j', (overrides, message) => {
    expect(() => parseFirstAnswer({ ...valid, ...overrides })).toThrow(message);
  });

  it('lets a retake leave out the details stored with the first answer, but never send bad ones', () => {
    expect(parse({ decision: 'yes', videoAssetId: 'a1' })).toEqual({ decision: 'yes', videoAssetId: 'a1' });
    expect(missingSubmissionDetail(parse({ decision: 'no' }))).toBe('Name is required');
    expect(() => parse({ decision: 'yes', is_over_18: 'false' })).toThrow('You must be over 18 to continue');
    expect(() => parse({ decision: 'yes', recipient_full_name: ' ' })).toThrow('Name is required');
  });
});

describe('recording limit message', () => {
  it('states the limit in MB, never rounded up', () => {
    expect(recordingTooLargeMessage(52_428_800)).toBe('Recordings must be 50 MB or smaller');
    expect(recordingTooLargeMessage(200_000)).toBe('Recordings must be 0.19 MB or smaller');
  });
});

describe('text that is stored refuses control characters', () => {
  const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.success ? 'accepted' : result.error!.issues[0].message;

  it.each([
    ['recipient_full_name', 'Sam\u0000Roe', 'Name must not contain control characters'],
    ['recipient_phone', '+1 555\u0000', 'Phone number must not contain control characters'],
    ['recipient_full_name', 'Sam\u001bRoe', 'Name must not contain control characters'],
    ['recipient_full_name', 'Sam\u007fRoe', 'Name must not contain control characters'],
  ])('submission form: %s %j', (field, value, message) => {
    expect(firstMessage(submissionFormSchema.safeParse({ ...valid, [field]: value }))).toBe(message);
  });

  it('declared recordings: file name and type', () => {
    const asset = { sessionId: 's', filename: 'consent.webm', mimeType: 'video/webm', fileSize: 10 };
    expect(firstMessage(registerAssetRequestSchema.safeParse({ ...asset, filename: 'a\u0000.webm' }))).toBe(
      'filename must not contain control characters',
    );
    expect(firstMessage(registerAssetRequestSchema.safeParse({ ...asset, mimeType: 'video/webm\u0000' }))).toBe(
      'mimeType must not contain control characters',
    );
    expect(firstMessage(recordingFilePartSchema.safeParse({ filename: 'a\nb.webm', mimeType: 'video/webm' }))).toBe(
      'filename must not contain control characters',
    );
    expect(recordingFilePartSchema.parse({ filename: ' Ünïcödé 🎥.webm ', mimeType: 'video/webm' })).toEqual({
      filename: 'Ünïcödé 🎥.webm',
      mimeType: 'video/webm',
    });
  });
});
