import { describe, expect, it } from 'vitest';
import { ApiError, isApiError, readableError } from '@/lib/api/api-error';

describe('readableError', () => {
  it("shows the server's error text of an ApiError", () => {
    expect(readableError(new ApiError(409, 'email_taken', 'An account with this email already exists', '{}'))).toBe(
      'An account with this email already exists',
    );
  });

  it('shows other errors as they are, and the fallback only when there is nothing to show', () => {
    expect(readableError(new Error('Failed to fetch'))).toBe('Failed to fetch');
    expect(readableError(new ApiError(500, 'internal_error', '', ''), 'Failed to create video asset')).toBe(
      'Failed to create video asset',
    );
    expect(readableError(new Error(''), 'Unknown error')).toBe('Unknown error');
  });
});

describe('isApiError', () => {
  it('matches on the code, never on the text', () => {
    const answered = new ApiError(409, 'already_answered', 'whatever the text says', '{}');
    expect(isApiError(answered, 'already_answered')).toBe(true);
    expect(
      isApiError(
        new ApiError(409, 'recording_already_stored', 'This consent session has already been answered', '{}'),
        'already_answered',
      ),
    ).toBe(false);
    expect(isApiError(new Error('409: already_answered'), 'already_answered')).toBe(false);
  });
});
