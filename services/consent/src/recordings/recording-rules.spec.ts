import { assertSafetyAnswered, isAcceptedRecordingType } from './recording-rules';

describe('recording rules', () => {
  it.each(['video/webm', 'video/mp4', 'video/webm;codecs=vp8,opus', 'video/webm; codecs="vp9"', 'VIDEO/MP4'])(
    'accepts the declared type %j',
    (type) => {
      expect(isAcceptedRecordingType(type)).toBe(true);
    },
  );

  it.each(['video/quicktime', 'video/webmx', 'image/png', 'text/plain;video/webm', ''])(
    'refuses the declared type %j',
    (type) => {
      expect(isAcceptedRecordingType(type)).toBe(false);
    },
  );

  it('needs both safety questions answered Yes before anything is recorded', () => {
    expect(() => assertSafetyAnswered({ safetyAnsweredAt: null })).toThrow(
      expect.objectContaining({ code: 'safety_questions_unanswered' }),
    );
    expect(() => assertSafetyAnswered({ safetyAnsweredAt: new Date() })).not.toThrow();
  });
});
