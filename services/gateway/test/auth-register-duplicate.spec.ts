import { countUsers, expectError, http, pictureFiles, register, registerOk, snapshotWrites } from './api-helpers';
import { uniqueEmail, validRegisterPayload } from './fixtures';
import { GatewayTestApp, startGatewayTestApp } from './gateway-test-app';

const DUPLICATE = 'An account with this email already exists';

describe('POST /api/auth/register with an e-mail already taken', () => {
  let gateway: GatewayTestApp;
  let existing: string;
  beforeAll(async () => {
    gateway = await startGatewayTestApp();
    existing = (await registerOk(gateway)).username;
  });
  afterAll(() => gateway.close());

  it('answers 409 {error}, writes nothing and leaves no orphan picture file', async () => {
    const before = await snapshotWrites(gateway);

    const response = await register(gateway, { username: existing, fullName: 'Someone Else' });

    expectError(response, 409, DUPLICATE);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await snapshotWrites(gateway)).toEqual(before);
  });

  it('treats the e-mail case-insensitively: the same address in other letters is also 409', async () => {
    const before = await snapshotWrites(gateway);

    const response = await register(gateway, { username: existing.toUpperCase() });

    expectError(response, 409, DUPLICATE);
    expect(await snapshotWrites(gateway)).toEqual(before);
  });

  it('lets exactly one of several simultaneous registrations of one e-mail win, without orphan files', async () => {
    const payload = await validRegisterPayload({ username: uniqueEmail('race') });
    const usersBefore = await countUsers(gateway);
    const filesBefore = await pictureFiles(gateway);

    const responses = await Promise.all([0, 1, 2].map(() => http(gateway).post('/api/auth/register').send(payload)));

    expect(responses.map((response) => response.status).sort()).toEqual([201, 409, 409]);
    for (const loser of responses.filter((response) => response.status === 409)) expectError(loser, 409, DUPLICATE);
    expect(await countUsers(gateway)).toBe(usersBefore + 1);
    expect((await pictureFiles(gateway)).length).toBe(filesBefore.length + 1);
  });
});
