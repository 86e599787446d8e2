import { expectError, register, snapshotWrites } from './api-helpers';
import { uniqueEmail } from './fixtures';
import { GatewayTestApp, startGatewayTestApp } from './gateway-test-app';

/** Spec section 5, register rules: 400 with the spec's message, and nothing written. */
describe('POST /api/auth/register validation', () => {
  let gateway: GatewayTestApp;
  beforeAll(async () => {
    gateway = await startGatewayTestApp();
  });
  afterAll(() => gateway.close());

  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['a missing e-mail', { username: undefined }, 'Valid email required'],
    ['an e-mail without a domain', { username: 'alex@' }, 'Valid email required'],
    ['an e-mail that is not one', { username: 'not an email' }, 'Valid email required'],
    ['a missing password', { password: undefined }, 'Password must be at least 6 characters'],
    ['a 5-character password', { password: '12345' }, 'Password must be at least 6 characters'],
    ['a missing full name', { fullName: undefined }, 'Full name is required'],
    ['a 1-character full name', { fullName: 'A' }, 'Full name is required'],
    ['a full name of blanks', { fullName: '     ' }, 'Full name is required'],
    [
      'a full name with a NUL character',
      { fullName: 'Alex\u0000Doe' },
      'Full name must not contain control characters',
    ],
    ['a full name with a line break', { fullName: 'Alex\nDoe' }, 'Full name must not contain control characters'],
    ['a phone number with a NUL character', { phoneNumber: '+1 555 123 4567\u0000' }, 'Valid phone number required'],
    ['a missing phone number', { phoneNumber: undefined }, 'Valid phone number required'],
    ['a 9-character phone number', { phoneNumber: '555123456' }, 'Valid phone number required'],
    ['a phone number with letters', { phoneNumber: '555-CALL-NOW-1' }, 'Valid phone number required'],
    ['a missing profile picture', { profilePicture: undefined }, 'Profile picture required'],
    ['an empty profile picture', { profilePicture: '' }, 'Profile picture required'],
  ];

  it.each(cases)('refuses %s with 400 and writes nothing', async (_label, overrides, message) => {
    const before = await snapshotWrites(gateway);

    const response = await register(gateway, overrides);

    expectError(response, 400, message);
    expect(await snapshotWrites(gateway)).toEqual(before);
  });

  it('accepts the boundary values: 6-character password, 2-character name, 10-character phone', async () => {
    const response = await register(gateway, { password: '123456', fullName: 'Al', phoneNumber: '5551234567' });
    expect(response.status).toBe(201);
  });

  it('refuses a profile picture that is not a data URL with 400 and writes nothing', async () => {
    const before = await snapshotWrites(gateway);

    const response = await register(gateway, {
      username: uniqueEmail(),
      profilePicture: 'https://example.test/me.png',
    });

    expectError(response, 400);
    expect(await snapshotWrites(gateway)).toEqual(before);
  });
});
