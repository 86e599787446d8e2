import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import request, { Response } from 'supertest';
import { VALID_PASSWORD, validRegisterPayload } from './fixtures';
import type { GatewayTestApp } from './gateway-test-app';

/** Requests, database and storage probes shared by the gateway's API tests. */

/** Spec section 3's User, and whether the member proved their phone (issue 31). */
export const USER_FIELDS = [
  'accountDeletionDate',
  'fullName',
  'id',
  'phoneNumber',
  'phoneVerified',
  'profile_picture_url',
  'subscriptionStatus',
  'username',
];

export function http(gateway: GatewayTestApp) {
  return request(gateway.app.getHttpServer());
}

export async function register(
  gateway: GatewayTestApp,
  overrides: Parameters<typeof validRegisterPayload>[0] = {},
): Promise<Response> {
  return http(gateway)
    .post('/api/auth/register')
    .send(await validRegisterPayload(overrides));
}

/** Registers and insists it worked; returns what a client keeps. */
export async function registerOk(
  gateway: GatewayTestApp,
  overrides: Parameters<typeof validRegisterPayload>[0] = {},
): Promise<{ user: Record<string, unknown>; token: string; username: string; password: string; response: Response }> {
  const payload = await validRegisterPayload(overrides);
  const response = await http(gateway).post('/api/auth/register').send(payload);
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${JSON.stringify(response.body)}`);
  return {
    user: response.body.user,
    token: response.body.token,
    username: String(payload.username).trim().toLowerCase(),
    password: String(payload.password ?? VALID_PASSWORD),
    response,
  };
}

export function login(
  gateway: GatewayTestApp,
  username: string,
  password: string,
  forwardedFor?: string,
): Promise<Response> {
  const call = http(gateway).post('/api/auth/login');
  if (forwardedFor) call.set('X-Forwarded-For', forwardedFor);
  return call.send({ username, password });
}

/** Asserts the error envelope of docs/API.md: `{error: "<human message>", code}` as JSON and nothing else. */
export function expectError(response: Response, status: number, message?: string | RegExp): void {
  expect({ status: response.status, body: response.body }).toEqual({
    status,
    body: { error: expect.any(String), code: expect.stringMatching(/^[a-z_]+$/) },
  });
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  if (typeof message === 'string') expect(response.body.error).toBe(message);
  else if (message) expect(response.body.error).toMatch(message);
}

export interface ParsedCookie {
  name: string;
  value: string;
  attributes: Record<string, string | true>;
}

/** The `session` Set-Cookie of a response, parsed; undefined when the response sets none. */
export function sessionCookie(response: Response, name = 'session'): ParsedCookie | undefined {
  const header = response.headers['set-cookie'] as unknown as string[] | undefined;
  const raw = (header ?? []).find((cookie) => cookie.startsWith(`${name}=`));
  if (!raw) return undefined;
  const [pair, ...rest] = raw.split(';').map((part) => part.trim());
  const attributes: Record<string, string | true> = {};
  for (const attribute of rest) {
    const [key, ...value] = attribute.split('=');
    attributes[key.toLowerCase()] = value.length ? value.join('=') : true;
  }
  const separator = pair.indexOf('=');
  return { name: pair.slice(0, separator), value: pair.slice(separator + 1), attributes };
}

export async function countUsers(gateway: GatewayTestApp): Promise<number> {
  const [{ count }] = await gateway.dataSource.query('SELECT count(*)::int AS count FROM identity.users');
  return count;
}

export async function countSessions(gateway: GatewayTestApp): Promise<number> {
  const [{ count }] = await gateway.dataSource.query('SELECT count(*)::int AS count FROM identity.auth_sessions');
  return count;
}

export function pictureDir(gateway: GatewayTestApp): string {
  return join(gateway.storageDir, 'profile-pictures');
}

/** Every file under the picture directory, temporary ones included; [] when nothing was ever stored. */
export async function pictureFiles(gateway: GatewayTestApp): Promise<string[]> {
  try {
    return (await readdir(pictureDir(gateway))).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** What a rejected request must leave behind: the same users and the same files as before it. */
export async function snapshotWrites(
  gateway: GatewayTestApp,
): Promise<{ users: number; sessions: number; files: string[] }> {
  return {
    users: await countUsers(gateway),
    sessions: await countSessions(gateway),
    files: await pictureFiles(gateway),
  };
}

/** The stored file behind a profile_picture_url. */
export function pictureFileName(profilePictureUrl: unknown): string {
  const match = /^\/api\/media\/profile-pictures\/([a-f0-9]{32}\.webp)$/.exec(String(profilePictureUrl));
  if (!match) throw new Error(`not a profile picture URL: ${String(profilePictureUrl)}`);
  return match[1];
}
