import { MetricsServer } from '@app/metrics';
import { makeTestRecording, sampleValue, scrapeMetrics } from '@app/testing';
import type request from 'supertest';
import { SessionsService } from '../../../consent/src/sessions/sessions.service';
import { AccountUpdatesProcessor } from '../../src/billing/account-updates.processor';
import { AuthSessionsRepository } from '../../src/sign-ins/auth-sessions.repository';
import { SESSION_COOKIE } from '../../src/sign-ins/session-cookie';
import { SignInVerifier } from '../../src/sign-ins/sign-in-verifier';
import { expectError, login } from '../api-helpers';
import { VALID_PASSWORD } from '../fixtures';
import {
  api,
  type ConsentStack,
  type CreatedSession,
  createSession,
  grantedByAnalysis,
  type Member,
  memberOf,
  PARTNER,
  partnerHeaders,
  startConsentStack,
} from './consent-stack';

const INVALID = 'This consent session is invalid or has expired.';

/** GET /api/consent/sessions/{id}, the read every open screen polls, answered from the consent service's read model. */
describe('the polled session read', () => {
  let stack: ConsentStack;
  let consentReads: jest.SpyInstance;

  beforeAll(async () => {
    stack = await startConsentStack();
    consentReads = jest.spyOn(stack.consent.app.get(SessionsService), 'read');
  });
  afterAll(async () => {
    await stack?.close();
  });
  beforeEach(() => consentReads.mockClear());

  const asMember = (session: CreatedSession, member: Member) =>
    api(stack).get(`/api/consent/sessions/${session.id}`).set('Authorization', `Bearer ${member.token}`);
  const asPartner = (session: CreatedSession, headers = partnerHeaders(session)) =>
    api(stack).get(`/api/consent/sessions/${session.id}`).set(headers);

  it("answers the polls after the first without the consent service, with the same answer: the member's and the partner's", async () => {
    const member = await memberOf(stack);
    const session = await createSession(stack, member);
    const first = await asMember(session, member).expect(200);
    const firstOfPartner = await asPartner(session).expect(200);
    // The member's read stored the partner's answer too.
    expect(consentReads).toHaveBeenCalledTimes(1);

    for (let poll = 0; poll < 3; poll += 1) {
      const again = await asMember(session, member).expect(200);
      expect(again.headers['content-type']).toBe(first.headers['content-type']);
      expect(again.body).toEqual(first.body);
      expect((await asPartner(session).expect(200)).body).toEqual(firstOfPartner.body);
    }
    expect(consentReads).toHaveBeenCalledTimes(1);
    expect(firstOfPartner.body.check).not.toBeNull();
    expect(first.body.check).toBeNull();
  });

  it("answers from the read model before the router, with the route's headers, request id and metrics label", async () => {
    const member = await memberOf(stack);
    const session = await createSession(stack, member);
    const members = jest.spyOn(stack.gateway.app.get(SignInVerifier), 'memberOf');
    const polls = async () => {
      const metrics = await scrapeMetrics(`${stack.gateway.app.get(MetricsServer).url()}/metrics`);
      return sampleValue(
        metrics,
        'ciq_http_request_duration_seconds_count{method="GET",route="/api/consent/sessions/:id",status_code="200"}',
      );
    };
    const before = await polls();

    // The first poll finds no view: it goes on to the route, whose guard finds the member again.
    const routed = await asMember(session, member).expect(200);
    expect(members).toHaveBeenCalledTimes(2);
    members.mockClear();
    const early = await asMember(session, member).set('X-Request-Id', 'poll-2').expect(200);
    expect(members).toHaveBeenCalledTimes(1);
    members.mockRestore();

    expect(early.body).toEqual(routed.body);
    expect(early.headers['x-request-id']).toBe('poll-2');
    expect(routed.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const varying = new Set(['date', 'x-request-id']);
    const alike = (headers: Record<string, string>) => Object.entries(headers).filter(([name]) => !varying.has(name));
    expect(alike(early.headers).sort()).toEqual(alike(routed.headers).sort());
    expect(await polls()).toBe(before + 2);
  });

  it('knows a member by the httpOnly cookie there as on the route, and answers a stranger with a cookie as the route does', async () => {
    const member = await memberOf(stack);
    const session = await createSession(stack, member);
    const byBearer = await asMember(session, member).expect(200);
    consentReads.mockClear();
    const byCookie = await api(stack)
      .get(`/api/consent/sessions/${session.id}`)
      .set('Cookie', `${SESSION_COOKIE}=${member.token}`)
      .expect(200);
    expect(byCookie.body).toEqual(byBearer.body);
    expect(consentReads).not.toHaveBeenCalled();

    const stranger = await memberOf(stack);
    expectError(
      await api(stack).get(`/api/consent/sessions/${session.id}`).set('Cookie', `${SESSION_COOKIE}=${stranger.token}`),
      404,
      INVALID,
    );
    expectError(
      await api(stack).get(`/api/consent/sessions/${session.id}`).set('Cookie', `${SESSION_COOKIE}=${member.token}x`),
      404,
      INVALID,
    );
    expect(consentReads).toHaveBeenCalledTimes(2);
  });

  it('answers nobody else from it: another member and a wrong token get the consent service’s 404', async () => {
    const member = await memberOf(stack);
    const session = await createSession(stack, member);
    await asMember(session, member).expect(200);
    consentReads.mockClear();
    expectError(await asMember(session, await memberOf(stack)), 404, INVALID);
    expectError(await asPartner(session, { 'X-Recipient-Token': 'x'.repeat(43) }), 404, INVALID);
    expectError(await api(stack).get(`/api/consent/sessions/${session.id}`), 404, INVALID);
    expect(consentReads).toHaveBeenCalledTimes(3);
  });

  it("checks a member's sign-in in Postgres on the first poll only, and reads them as a stranger the moment a change ends it", async () => {
    const checks = jest.spyOn(stack.gateway.app.get(AuthSessionsRepository), 'liveFacts');
    const member = await memberOf(stack);
    const session = await createSession(stack, member);
    for (let poll = 0; poll < 3; poll += 1) await asMember(session, member).expect(200);
    expect(checks).toHaveBeenCalledTimes(1);

    // The billing service's word that the account's deletion date has come (a lapse long past).
    const now = Date.now();
    const change = {
      version: 1 as const,
      userId: member.id,
      subscriptionStatus: 'canceled' as const,
      changedAt: new Date(now).toISOString(),
    };
    await stack.gateway.app
      .get(AccountUpdatesProcessor)
      .apply({ ...change, accountDeletionDate: new Date(now - 1_000).toISOString() });
    expectError(await asMember(session, member), 404, INVALID);
    checks.mockRestore();
  });

  it("answers a 503, not a stranger's 404, when a member's sign-in cannot be checked (Postgres away, no entry yet)", async () => {
    const member = await memberOf(stack);
    const session = await createSession(stack, member);
    // Creating the session checked the member's sign-in; one made since, on another phone, has no entry yet.
    const [{ email }] = await stack.gateway.dataSource.query('SELECT email FROM identity.users WHERE id = $1', [
      member.id,
    ]);
    const phone = { ...member, token: (await login(stack.gateway, email, VALID_PASSWORD)).body.token as string };
    const away = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const checks = jest.spyOn(stack.gateway.app.get(AuthSessionsRepository), 'liveFacts').mockRejectedValue(away);
    try {
      expectError(await asMember(session, phone), 503);
      expect(checks).toHaveBeenCalled();
    } finally {
      checks.mockRestore();
    }
    await asMember(session, phone).expect(200);
  });

  it('never answers a session as it was before a change: the poll after the answer shows it', async () => {
    const member = await memberOf(stack);
    const session = await createSession(stack, member);
    expect((await asMember(session, member).expect(200)).body.consentStatus).toBe('pending');
    await api(stack)
      .patch(`/api/consent/sessions/${session.id}/status`)
      .set(partnerHeaders(session))
      .send({ status: 'denied', recipientFullName: PARTNER.name, recipientPhone: PARTNER.phone })
      .expect(200);
    expect((await asMember(session, member).expect(200)).body).toMatchObject({
      consentStatus: 'denied',
      aiVerdict: 'denied',
    });
    expect((await asPartner(session).expect(200)).body).toMatchObject({
      consentStatus: 'denied',
      check: expect.objectContaining({ answer: 'no' }),
    });
  });

  it('never answers "granted" once a withdrawal has been answered, however many polls run around it', async () => {
    const member = await memberOf(stack);
    const session = await createSession(stack, member);
    await grantedByAnalysis(stack, session, await makeTestRecording('webm'));
    expect((await asMember(session, member).expect(200)).body).toMatchObject({
      aiVerdict: 'granted',
      withdrawnAt: null,
    });

    let withdrawnAt = 0;
    const polls: { startedAt: number; withdrawn: boolean }[] = [];
    const poller = async (poll: () => request.Test) => {
      while (!withdrawnAt || polls.filter((p) => p.startedAt > withdrawnAt).length < 20) {
        const startedAt = Date.now();
        const { body } = await poll().expect(200);
        polls.push({ startedAt, withdrawn: body.withdrawnAt !== null });
      }
    };
    const polling = Promise.all([poller(() => asMember(session, member)), poller(() => asPartner(session))]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await api(stack).post(`/api/consent/sessions/${session.id}/withdraw`).set(partnerHeaders(session)).expect(200);
    withdrawnAt = Date.now();
    await polling;

    expect(polls.filter((p) => p.startedAt > withdrawnAt).every((p) => p.withdrawn)).toBe(true);
    expect(polls.some((p) => !p.withdrawn)).toBe(true);
    expect(consentReads.mock.calls.length).toBeLessThan(polls.length / 2);
  });
});
