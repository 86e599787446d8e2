// The clients' side of HTTP, as a phone behind a load balancer sees it: each call goes to one gateway; when that
// gateway does not answer at all (its process is gone) the call goes to the next, and a 503 is retried after a
// pause, as the web app's retry does. Every 5xx answer is recorded with its moment and body for the report.
import { sleep } from './waiting.mjs';

const RETRY_PAUSE_MS = 250;

export class ApiError extends Error {
  constructor(what, status, body) {
    super(`${what}: ${status} ${JSON.stringify(body)}`);
    this.status = status;
    this.body = body;
  }
}

/**
 * `gatewayUrls`: where a call may go, the first preferred; `serverErrors`: where each 5xx is pushed ({at, status,
 * body, path}); `stopped()`: true once retries stop (the run's end).
 */
export function apiClient({ gatewayUrls, serverErrors, stopped }) {
  let counted = 0;
  /**
   * One call, retried on a refused connection (next gateway) or a 5xx until the run stops; other answers returned:
   * the body, or with `cookies` {body, setCookies} (the answer's Set-Cookie headers).
   */
  async function call(
    method,
    path,
    { headers = {}, json, form, expect = [200, 201, 202], preferred = 0, cookies = false } = {},
  ) {
    let attempt = 0;
    for (;;) {
      const url = gatewayUrls[(preferred + attempt) % gatewayUrls.length] + path;
      attempt += 1;
      let response;
      try {
        response = await fetch(url, {
          method,
          headers: { ...headers, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
          body: json === undefined ? form?.() : JSON.stringify(json),
          signal: AbortSignal.timeout(30_000),
        });
      } catch (error) {
        if (stopped())
          throw new Error(`${method} ${path}: no gateway answered (${error.cause?.code ?? error.message})`, {
            cause: error,
          });
        await sleep(RETRY_PAUSE_MS);
        continue;
      }
      counted += 1;
      const text = await response.text();
      let body;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = { raw: text.slice(0, 200) };
      }
      if (response.status >= 500)
        serverErrors.push({
          at: Date.now(),
          status: response.status,
          body,
          path: `${method} ${path.replace(/[0-9a-f-]{36}/g, '{id}')}`,
        });
      if (expect.includes(response.status))
        return cookies ? { body, setCookies: response.headers.getSetCookie() } : body;
      if (response.status >= 500 && !stopped()) {
        await sleep(RETRY_PAUSE_MS);
        continue;
      }
      throw new ApiError(`${method} ${path}`, response.status, body);
    }
  }
  return { call, requests: () => counted };
}
