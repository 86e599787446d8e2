import { API_ERRORS } from '@app/contracts';
import { ApiException } from './api.exception';
import { JSON_MAX_DEPTH, nestedDeeperThan } from './json-body-parser';

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A JSON body read as bytes (`rawBodyParser`), for a route that must see the text itself (a certificate file, whose
 * duplicated keys JSON.parse silently drops): its text and its value, refused as the JSON parser refuses. A request
 * without a body has no value (undefined), which the route's schema then refuses.
 */
export function parseRawJson(body: unknown): { text: string; value: unknown } {
  if (!Buffer.isBuffer(body)) return { text: '', value: undefined };
  let text: string;
  try {
    text = UTF8.decode(body);
  } catch {
    throw new ApiException(API_ERRORS.invalidJson);
  }
  if (nestedDeeperThan(text, JSON_MAX_DEPTH)) throw new ApiException(API_ERRORS.bodyTooDeep);
  try {
    return { text, value: JSON.parse(text) as unknown };
  } catch {
    throw new ApiException(API_ERRORS.invalidJson);
  }
}
