import { deleteRedisKeys, testRedisUrl } from '@app/testing';
import Redis from 'ioredis';
import request, { Response } from 'supertest';
import { createGatewayApp } from '../src/create-gateway-app';
import { expectError, login, registerOk } from './api-helpers';
import { uniqueEmail } from './fixtures';
import { GatewayTestApp, startGatewayTestApp } from './gateway-test-app';

const PER_ACCOUNT = 3;
const PER_IP = 5;
const WINDOW_SECONDS = 120;

/** A 429 as docs/API.md promises it: Retry-After in whole seconds within the window, and a message saying when. */
function expectTooManyFailures(response: Response): void {
  expectError(response, 429);
  const retryAfter = response.headers['retry-after'];
  expect(retryAfter).toMatch(/^[1-9]\d*$/);
  const seconds = Number(retryAfter);
  expect(seconds).toBeLessThanOrEqual(WINDOW_SECONDS);
  const minutes = Math.ceil(seconds / 60);
  const when = seconds < 60 ? `${seconds} seconds` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  expect(response.body.error).toBe(`Too many failed sign-in attempts. Try again in ${when}.`);
}

describe('sign-in rate limits (client address taken from the socket, TRUST_PROXY_HOPS=0)', () => {
  let gateway: GatewayTestApp;
  beforeAll(async () => {
    gateway = await startGatewayTestApp({
      LOGIN_MAX_FAILURES_PER_ACCOUNT: String(PER_ACCOUNT),
      LOGIN_MAX_FAILURES_PER_IP: String(PER_IP),
      LOGIN_FAILURE_WINDOW_SECONDS: String(WINDOW_SECONDS),
    });
  });
  afterAll(() => gateway.close());
  // Every request of this file comes from 127.0.0.1: each test starts with clean counters.
  beforeEach(() => deleteRedisKeys(testRedisUrl(), gateway.config.REDIS_PREFIX));

  async function failTimes(times: number, username: string, forwardedFor?: (attempt: number) => string): Promise<void> {
    for (let attempt = 0; attempt < times; attempt += 1) {
      expect((await login(gateway, username, 'wrong password', forwardedFor?.(attempt))).status).toBe(401);
    }
  }

  it(`blocks an account after ${PER_ACCOUNT} failures with 429 and Retry-After, even for the right password`, async () => {
    const account = await registerOk(gateway);
    await failTimes(PER_ACCOUNT, account.username);

    const blocked = await login(gateway, account.username, account.password);

    expectTooManyFailures(blocked);
    expect(blocked.headers['set-cookie']).toBeUndefined();
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(60); // the window just started
  });

  it('counts failures per account whatever the letter case of the e-mail', async () => {
    const account = await registerOk(gateway);
    await failTimes(PER_ACCOUNT, account.username.toUpperCase());

    expectTooManyFailures(await login(gateway, account.username, account.password));
  });

  it("does not block other accounts when one account is blocked (below the address's limit)", async () => {
    const victim = await registerOk(gateway);
    const bystander = await registerOk(gateway);
    await failTimes(PER_ACCOUNT, victim.username);

    expect((await login(gateway, bystander.username, bystander.password)).status).toBe(200);
  });

  it(`blocks an address after ${PER_IP} failures spread over different e-mails`, async () => {
    const account = await registerOk(gateway);
    for (let attempt = 0; attempt < PER_IP; attempt += 1) {
      expect((await login(gateway, uniqueEmail('spray'), 'wrong password')).status).toBe(401);
    }

    // That account never failed: only the per-address counter can refuse it.
    expectTooManyFailures(await login(gateway, account.username, account.password));
  });

  it('ignores X-Forwarded-For when no proxy is trusted, so a client cannot pick a fresh address per attempt', async () => {
    const account = await registerOk(gateway);
    for (let attempt = 0; attempt < PER_IP; attempt += 1) {
      expect((await login(gateway, uniqueEmail('spoof'), 'wrong password', `203.0.113.${attempt + 1}`)).status).toBe(
        401,
      );
    }

    expectTooManyFailures(await login(gateway, account.username, account.password, '203.0.113.200'));
  });

  it("clears the account's counter on a successful sign-in before the limit", async () => {
    const account = await registerOk(gateway);
    await failTimes(PER_ACCOUNT - 1, account.username);
    expect((await login(gateway, account.username, account.password)).status).toBe(200);
    await failTimes(PER_ACCOUNT - 1, account.username);

    // Without the reset this would be failure number 2 * (PER_ACCOUNT - 1) >= PER_ACCOUNT, i.e. blocked.
    expect((await login(gateway, account.username, account.password)).status).toBe(200);
  });

  it('holds across gateway instances sharing the Redis prefix and the database', async () => {
    const account = await registerOk(gateway);
    const second = await createGatewayApp(gateway.config);
    await second.init();
    try {
      await failTimes(PER_ACCOUNT - 1, account.username);
      expect(
        (
          await request(second.getHttpServer())
            .post('/api/auth/login')
            .send({ username: account.username, password: 'wrong password' })
        ).status,
      ).toBe(401);

      expectTooManyFailures(await login(gateway, account.username, account.password));
      expectTooManyFailures(
        await request(second.getHttpServer())
          .post('/api/auth/login')
          .send({ username: account.username, password: account.password }),
      );
    } finally {
      await second.close();
    }
  });

  it('keeps its counters under REDIS_PREFIX, which the shared Redis connection adds', async () => {
    const account = await registerOk(gateway);
    await failTimes(1, account.username);

    const redis = new Redis(testRedisUrl());
    try {
      const keys = await redis.keys(`*${account.username}*`);
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys)
        expect(
          key.startsWith(gateway.config.REDIS_PREFIX) && !key.startsWith(gateway.config.REDIS_PREFIX.repeat(2)),
        ).toBe(true);
    } finally {
      await redis.quit();
    }
  });

  it(`lets no more than ${PER_ACCOUNT} wrong passwords through when they arrive at the same time`, async () => {
    const account = await registerOk(gateway);

    const responses = await Promise.all(
      Array.from({ length: 8 }, () => login(gateway, account.username, 'wrong password')),
    );

    const statuses = responses.map((response) => response.status);
    // Each 401 is a password actually tried; the rest must be refused before the password is checked.
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(PER_ACCOUNT);
    expect(statuses.filter((status) => status === 429).length).toBe(
      8 - statuses.filter((status) => status === 401).length,
    );
  });
});
