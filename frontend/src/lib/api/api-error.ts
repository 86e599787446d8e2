import type { ErrorCode } from '@app/contracts/api-errors';

/**
 * A non-success answer. `message` is the spec's '{status}: {response text}' (section 8); `code` is the contract's
 * stable code (libs/contracts API_ERRORS), which is what screens branch on; `description` is the server's human text.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | undefined,
    readonly description: string,
    responseText: string,
  ) {
    super(`${status}: ${responseText}`);
    this.name = 'ApiError';
  }

  /** Reads `{error, code}` from the body; a body that is not that shape (a proxy's page, a status text) is shown as is. */
  static async from(response: Response): Promise<ApiError> {
    const text = (await response.text()) || response.statusText;
    let body: { error?: unknown; code?: unknown } | undefined;
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      body = undefined;
    }
    const description = typeof body?.error === 'string' ? body.error : text.trim();
    const code = typeof body?.code === 'string' ? (body.code as ErrorCode) : undefined;
    return new ApiError(response.status, code, description, text);
  }
}

export function isApiError(error: unknown, code: ErrorCode): error is ApiError {
  return error instanceof ApiError && error.code === code;
}

/** The human message of a failure: the server's text for an ApiError, else the error's own; `fallback` when empty. */
export function readableError(error: unknown, fallback = ''): string {
  if (error instanceof ApiError) return error.description || fallback;
  return (error instanceof Error ? error.message : String(error)) || fallback;
}
