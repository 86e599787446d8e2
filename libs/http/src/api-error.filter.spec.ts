import type { ArgumentsHost } from '@nestjs/common';
import { ApiErrorFilter } from './api-error.filter';

/** The filter's answer to `exception`: status and body as the client would receive them. */
function answer(exception: unknown): { status: number; body: unknown } {
  const sent = { status: 0, body: undefined as unknown };
  const response = {
    headersSent: false,
    setHeader: () => undefined,
    status(status: number) {
      sent.status = status;
      return this;
    },
    json(body: unknown) {
      sent.body = body;
    },
  };
  const host = { switchToHttp: () => ({ getResponse: () => response }) } as unknown as ArgumentsHost;
  const filter = new ApiErrorFilter();
  (filter as unknown as { logger: { error: () => void } }).logger = { error: () => undefined };
  filter.catch(exception, host);
  return sent;
}

describe('ApiErrorFilter', () => {
  it('answers a store that is away (Postgres restarting) with a clear 503 the client may retry', () => {
    const restarting = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    expect(answer(restarting)).toEqual({
      status: 503,
      body: { error: 'The service is briefly unavailable, please try again', code: 'service_unavailable' },
    });
  });

  it('still answers an unexpected error with a 500 without detail', () => {
    expect(answer(new TypeError("Cannot read properties of undefined (reading 'id')"))).toEqual({
      status: 500,
      body: { error: 'Internal server error', code: 'internal_error' },
    });
  });
});
