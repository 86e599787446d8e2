import { toE164 } from '@app/contracts';
import { http, pictureFileName, pictureFiles, register, sessionCookie, USER_FIELDS } from './api-helpers';
import { uniqueEmail, VALID_FULL_NAME, VALID_PASSWORD, VALID_PHONE } from './fixtures';
import { GatewayTestApp, startGatewayTestApp } from './gateway-test-app';

describe('POST /api/auth/register', () => {
  let gateway: GatewayTestApp;
  beforeAll(async () => {
    gateway = await startGatewayTestApp();
  });
  afterAll(() => gateway.close());

  it('answers 201 {user, token} where user has exactly the User fields of spec section 3 (and phoneVerified), the number in E.164', async () => {
    const email = uniqueEmail('shape');
    const response = await register(gateway, { username: email });

    expect(response.status).toBe(201);
    expect(Object.keys(response.body).sort()).toEqual(['token', 'user']);
    expect(Object.keys(response.body.user).sort()).toEqual(USER_FIELDS);
    expect(response.body.user).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
      username: email,
      fullName: VALID_FULL_NAME,
      phoneNumber: toE164(VALID_PHONE),
      phoneVerified: false,
      profile_picture_url: expect.stringMatching(/^\/api\/media\/profile-pictures\/[a-f0-9]{32}\.webp$/),
      subscriptionStatus: 'inactive',
      accountDeletionDate: null,
    });
    expect(response.body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('sets the token as an httpOnly, SameSite=Lax `session` cookie on path / for the session lifetime', async () => {
    const response = await register(gateway);

    const cookie = sessionCookie(response);
    expect(cookie).toBeDefined();
    expect(cookie!.value).toBe(response.body.token);
    expect(cookie!.attributes.httponly).toBe(true);
    expect(String(cookie!.attributes.samesite).toLowerCase()).toBe('lax');
    expect(cookie!.attributes.path).toBe('/');
    expect(cookie!.attributes.secure).toBeUndefined(); // COOKIE_SECURE defaults to false
    const maxAge = Number(cookie!.attributes['max-age']);
    expect(Math.abs(maxAge - gateway.config.SESSION_TTL_HOURS * 3600)).toBeLessThanOrEqual(5);
  });

  it('lower-cases (and trims) the e-mail both in the answer and in the database', async () => {
    const email = uniqueEmail('case');
    const response = await register(gateway, { username: `  ${email.toUpperCase()} ` });

    expect(response.status).toBe(201);
    expect(response.body.user.username).toBe(email);
    const rows = await gateway.dataSource.query('SELECT email FROM identity.users WHERE id = $1', [
      response.body.user.id,
    ]);
    expect(rows).toEqual([{ email }]);
  });

  it('stores the password only as an argon2id hash, never in clear', async () => {
    const response = await register(gateway, { password: VALID_PASSWORD });

    const [row] = await gateway.dataSource.query('SELECT * FROM identity.users WHERE id = $1', [response.body.user.id]);
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(JSON.stringify(row)).not.toContain(VALID_PASSWORD);
    expect(JSON.stringify(response.body)).not.toContain(VALID_PASSWORD);
    expect(JSON.stringify(response.body)).not.toContain('argon2');
  });

  it('keeps the picture out of the database: the row holds a storage key, the file holds the image', async () => {
    const response = await register(gateway);

    const [row] = await gateway.dataSource.query('SELECT * FROM identity.users WHERE id = $1', [response.body.user.id]);
    expect(JSON.stringify(row)).not.toContain('data:');
    expect(JSON.stringify(row)).not.toContain('base64');
    const fileName = pictureFileName(response.body.user.profile_picture_url);
    expect(row.profile_picture_key).toBe(fileName);
    expect(await pictureFiles(gateway)).toContain(fileName);
  });

  it('starts a signed-in session: the returned token opens /api/auth/me at once', async () => {
    const response = await register(gateway);

    const me = await http(gateway).get('/api/auth/me').set('Authorization', `Bearer ${response.body.token}`);
    expect(me.status).toBe(200);
    expect(me.body).toEqual(response.body.user);
  });
});
