import { userSchema } from '@app/contracts';
import { JwtService } from '@nestjs/jwt';
import { AuthSessionsRepository } from '../src/sign-ins/auth-sessions.repository';
import { expectError, http, login, registerOk } from './api-helpers';
import { GatewayTestApp, startGatewayTestApp } from './gateway-test-app';

describe('GET /api/auth/me', () => {
  let gateway: GatewayTestApp;
  let account: Awaited<ReturnType<typeof registerOk>>;
  beforeAll(async () => {
    gateway = await startGatewayTestApp();
    account = await registerOk(gateway);
  });
  afterAll(() => gateway.close());

  it('answers the User object itself (not wrapped) for a Bearer token', async () => {
    const response = await http(gateway).get('/api/auth/me').set('Authorization', `Bearer ${account.token}`);

    expect(response.status).toBe(200);
    expect(response.body).toEqual(account.user);
    expect(userSchema.strict().parse(response.body)).toEqual(response.body);
  });

  it('answers the same User for the session cookie alone', async () => {
    const response = await http(gateway).get('/api/auth/me').set('Cookie', `session=${account.token}`);

    expect(response.status).toBe(200);
    expect(response.body).toEqual(account.user);
  });

  it('answers 401 {error} without a token', async () => {
    expectError(await http(gateway).get('/api/auth/me'), 401);
  });

  it.each<[string, (token: string) => Record<string, string>]>([
    ['a garbage Bearer token', () => ({ Authorization: 'Bearer not-a-jwt' })],
    ['a garbage cookie', () => ({ Cookie: 'session=not-a-jwt' })],
    ['a token whose signature was altered', (token) => ({ Authorization: `Bearer ${token.slice(0, -6)}AAAAAA` })],
    [
      'a token whose claims were altered',
      (token) => ({ Authorization: `Bearer ${token.split('.')[0]}.e30.${token.split('.')[2]}` }),
    ],
    ['an empty Bearer header', () => ({ Authorization: 'Bearer ' })],
  ])('answers 401 {error} for %s', async (_label, headers) => {
    expectError(await http(gateway).get('/api/auth/me').set(headers(account.token)), 401);
  });

  it('answers 401 for a well-formed token signed with another secret', async () => {
    const [{ id: sid }] = await gateway.dataSource.query(
      'SELECT id FROM identity.auth_sessions WHERE user_id = $1 LIMIT 1',
      [account.user.id],
    );
    const forged = new JwtService({ secret: 'another-secret-another-secret-0123456789' }).sign({
      sub: account.user.id,
      sid,
    });

    expectError(await http(gateway).get('/api/auth/me').set('Authorization', `Bearer ${forged}`), 401);
  });

  it('answers 401 once the session has expired server-side, even though the JWT itself is still valid', async () => {
    const other = await registerOk(gateway);
    await gateway.dataSource.query(
      `UPDATE identity.auth_sessions SET expires_at = now() - interval '1 minute' WHERE user_id = $1`,
      [other.user.id],
    );

    expectError(await http(gateway).get('/api/auth/me').set('Authorization', `Bearer ${other.token}`), 401);
  });

  it('reflects the current database row: subscription status and deletion date as an ISO string', async () => {
    const other = await registerOk(gateway);
    const deletion = '2030-01-02T03:04:05.000Z';
    await gateway.dataSource.query(
      `UPDATE identity.users SET subscription_status = 'past_due', account_deletion_date = $2 WHERE id = $1`,
      [other.user.id, deletion],
    );

    const response = await http(gateway).get('/api/auth/me').set('Authorization', `Bearer ${other.token}`);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...other.user, subscriptionStatus: 'past_due', accountDeletionDate: deletion });
  });

  it('checks the sign-in in Postgres once, then from its entry in Redis; with neither to ask, a 503, never a 401', async () => {
    const other = await registerOk(gateway);
    const me = () => http(gateway).get('/api/auth/me').set('Authorization', `Bearer ${other.token}`);
    const checks = jest.spyOn(gateway.app.get(AuthSessionsRepository), 'liveFacts');
    try {
      for (let call = 0; call < 3; call += 1) expect((await me()).status).toBe(200);
      expect(checks).toHaveBeenCalledTimes(1);

      const fresh = (await login(gateway, other.username, other.password)).body.token as string;
      checks.mockRejectedValue(
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      );
      expectError(await http(gateway).get('/api/auth/me').set('Authorization', `Bearer ${fresh}`), 503);
    } finally {
      checks.mockRestore();
    }
  });

  it('refuses the token and the password of an account past its deletion date, before the deletion job reaches it', async () => {
    const other = await registerOk(gateway);
    await gateway.dataSource.query(
      `UPDATE identity.users SET subscription_status = 'canceled', account_deletion_date = now() - interval '1 second' WHERE id = $1`,
      [other.user.id],
    );

    expectError(await http(gateway).get('/api/auth/me').set('Authorization', `Bearer ${other.token}`), 401);
    expectError(await login(gateway, other.username, other.password), 401, 'Invalid email or password');
  });
});
