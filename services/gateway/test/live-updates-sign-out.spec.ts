import { API_ERRORS, LIVE_UPDATES } from '@app/contracts';
import { connected } from '@app/testing';
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { DeleteDueAccounts } from '../src/account-deletion/delete-due-accounts';
import { http, login, registerOk } from './api-helpers';
import { BillingStandIn } from './billing/billing-stand-in';
import { type GatewayTestApp, startGatewayTestApp } from './gateway-test-app';

/**
 * A member's open sockets end with their sign-in, on every gateway instance: two gateways on one database and Redis
 * prefix (rooms shared through the Redis adapter), real socket.io clients over websocket. The consent and billing
 * services are a stand-in that confirms a member's deletion.
 */

const QUIET_MS = 600;
const CLOSE_TIMEOUT_MS = 3000;

interface Instance {
  gateway: GatewayTestApp;
  port: number;
}

const services = new BillingStandIn();
let a: Instance;
let b: Instance;
const sockets: Socket[] = [];

async function listening(gateway: GatewayTestApp): Promise<Instance> {
  const server = gateway.app.getHttpServer();
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return { gateway, port: (server.address() as AddressInfo).port };
}

beforeAll(async () => {
  const url = await services.start();
  a = await listening(
    await startGatewayTestApp({
      CONSENT_SERVICE_URL: url,
      BILLING_SERVICE_URL: url,
      REGISTRATIONS_PER_IP_PER_HOUR: '100',
    }),
  );
  const { REDIS_PREFIX, JWT_SECRET, INTERNAL_SERVICE_TOKEN, DATABASE_URL } = a.gateway.config;
  b = await listening(
    await startGatewayTestApp(
      { CONSENT_SERVICE_URL: url, BILLING_SERVICE_URL: url, REDIS_PREFIX, JWT_SECRET, INTERNAL_SERVICE_TOKEN },
      { databaseUrl: DATABASE_URL },
    ),
  );
});

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

afterAll(async () => {
  // B first: A drops the database both use.
  await b.gateway.close();
  await a.gateway.close();
  await services.close();
});

/** A member's socket as the web app opens it, on one instance, with the sign-in's token. */
function openSocket(port: number, token: string): Socket {
  const socket = io(`http://127.0.0.1:${port}`, {
    path: LIVE_UPDATES.path,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token },
  });
  sockets.push(socket);
  return socket;
}

/** Why the server closed the socket, or 'still open' if it did not within CLOSE_TIMEOUT_MS. */
function closed(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('still open'), CLOSE_TIMEOUT_MS);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

function refused(socket: Socket): Promise<Error & { data?: unknown }> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('the socket was accepted')));
    socket.once('connect_error', resolve);
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const NOT_SIGNED_IN = { error: API_ERRORS.notSignedIn.message, code: API_ERRORS.notSignedIn.code };

describe("a member's sockets after the sign-in ends", () => {
  it("closes the signed-out sign-in's sockets on both instances, leaves the member's other sign-in open, and refuses them again", async () => {
    const member = await registerOk(a.gateway);
    const other = (await login(a.gateway, member.username, member.password)).body.token as string;
    const sameOnA = await connected(openSocket(a.port, member.token));
    const sameOnB = await connected(openSocket(b.port, member.token));
    const otherOnB = await connected(openSocket(b.port, other));
    const closings = [closed(sameOnA), closed(sameOnB)];

    expect((await http(a.gateway).post('/api/auth/logout').set('Authorization', `Bearer ${member.token}`)).status).toBe(
      204,
    );

    expect(await Promise.all(closings)).toEqual(['io server disconnect', 'io server disconnect']);
    await pause(QUIET_MS);
    expect(otherOnB.connected).toBe(true);
    for (const { port } of [a, b]) expect((await refused(openSocket(port, member.token))).data).toEqual(NOT_SIGNED_IN);
  });

  it('closes every socket of a member whose account is deleted, on both instances, and refuses them again', async () => {
    const member = await registerOk(a.gateway);
    const userId = String(member.user.id);
    const other = (await login(a.gateway, member.username, member.password)).body.token as string;
    const open = [await connected(openSocket(a.port, member.token)), await connected(openSocket(b.port, other))];
    const closings = open.map(closed);
    // The consent and the billing service both confirm the member's deletion.
    services.answer(`DELETE /members/${userId}`, { status: 204 });
    await a.gateway.dataSource.query(
      `UPDATE identity.users SET account_deletion_date = now() - interval '1 day' WHERE id = $1`,
      [userId],
    );

    expect(await a.gateway.app.get(DeleteDueAccounts).deleteAccount(userId)).toBe('deleted');

    expect(await Promise.all(closings)).toEqual(['io server disconnect', 'io server disconnect']);
    for (const [port, token] of [
      [a.port, member.token],
      [b.port, other],
    ] as const)
      expect((await refused(openSocket(port, token))).data).toEqual(NOT_SIGNED_IN);
  });
});
