import type { AiVerdict, ConsentStatus } from '@app/contracts';
import { API_ERRORS } from '@app/contracts/api-errors';
import { describe, expect, it } from 'vitest';
import {
  decidingValue,
  finalVerdict,
  INVALID_SESSION_MESSAGE,
  isSettled,
  sessionState,
} from '@/lib/consent/session-status';

const session = (consentStatus: ConsentStatus, aiVerdict: AiVerdict | null = null, expired = false) => ({
  consentStatus,
  aiVerdict,
  expired,
});

describe('INVALID_SESSION_MESSAGE', () => {
  it("is the server's text for an unknown or lapsed session, word for word", () => {
    expect(INVALID_SESSION_MESSAGE).toBe(API_ERRORS.sessionNotFound.message);
  });
});

describe('decidingValue', () => {
  it('is the AI verdict, falling back to the consent status', () => {
    expect(decidingValue(session('pending'))).toBe('pending');
    expect(decidingValue(session('pending', 'processing'))).toBe('processing');
    expect(decidingValue(session('granted', 'denied'))).toBe('denied');
    expect(decidingValue(session('denied'))).toBe('denied');
  });
});

describe('finalVerdict', () => {
  it('is granted or denied only once decided', () => {
    expect(finalVerdict(undefined)).toBeNull();
    expect(finalVerdict(session('pending'))).toBeNull();
    expect(finalVerdict(session('pending', 'processing'))).toBeNull();
    expect(finalVerdict(session('pending', 'failed'))).toBeNull();
    expect(finalVerdict(session('pending', 'granted'))).toBe('granted');
    expect(finalVerdict(session('denied'))).toBe('denied');
  });

  it('never reads a grant the AI did not give', () => {
    expect(finalVerdict(session('granted', 'processing'))).toBeNull();
    expect(finalVerdict(session('granted', 'denied'))).toBe('denied');
    expect(finalVerdict({ consentStatus: 'Granted' as ConsentStatus, aiVerdict: null })).toBeNull();
  });
});

describe('sessionState', () => {
  it('maps the deciding value to the screen state', () => {
    expect(sessionState(session('pending'))).toBe('waiting');
    expect(sessionState(session('pending', 'processing'))).toBe('processing');
    expect(sessionState(session('granted', 'granted'))).toBe('granted');
    expect(sessionState(session('denied', 'denied'))).toBe('denied');
  });

  it('reports a failed analysis as failed, never as a verdict, expired or not', () => {
    expect(sessionState(session('pending', 'failed'))).toBe('failed');
    expect(sessionState(session('pending', 'failed', true))).toBe('failed');
  });

  it('reports an unanswered expired session as expired, but an answer always wins', () => {
    expect(sessionState(session('pending', null, true))).toBe('expired');
    expect(sessionState(session('pending', 'processing', true))).toBe('processing');
    expect(sessionState(session('denied', 'denied', true))).toBe('denied');
  });
});

describe('isSettled', () => {
  it('is true once there is a verdict or the analysis failed, false before', () => {
    expect(isSettled(undefined)).toBe(false);
    expect(isSettled(session('pending'))).toBe(false);
    expect(isSettled(session('pending', 'processing'))).toBe(false);
    expect(isSettled(session('pending', 'failed'))).toBe(true);
    expect(isSettled(session('denied', 'denied'))).toBe(true);
    expect(isSettled(session('pending', 'granted'))).toBe(true);
  });
});
