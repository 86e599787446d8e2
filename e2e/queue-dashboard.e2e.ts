// The job dashboard (Bull Board at /admin/queues) in a real browser, under the gateway's own security headers.
import { QUEUES, queueWiringFromUrl } from '@app/queue';
import { Queue } from 'bullmq';
import { eventually, expectHidden, expectVisible, registerAccount, takeCspViolations, useE2e } from './support/browser';

const e2e = useE2e();

describe('the job dashboard', () => {
  let sessionUpdates: Queue;
  beforeAll(async () => {
    sessionUpdates = new Queue(QUEUES.sessionUpdates, queueWiringFromUrl(e2e.server.redis.url, e2e.server.redis.prefix));
    // A payload the gateway's worker refuses outright: a job failed for good, for the board to show.
    await sessionUpdates.add('push-session-update', { version: 0 }, { jobId: 'refused-payload', attempts: 1 });
    while ((await sessionUpdates.getJobState('refused-payload')) !== 'failed') await new Promise((r) => setTimeout(r, 50));
  });
  afterAll(() => sessionUpdates?.close());

  test.each([
    ['admin', true],
    ['support', false],
  ])('shows %s every queue and the failed job, with the buttons that change jobs only for admin, under the gateway\'s CSP', async (role, changes) => {
    const { page, server, context } = e2e;
    const staff = await registerAccount(server, undefined, context);
    await server.sql('UPDATE identity.users SET role = $2 WHERE id = $1', [staff.id, role]);

    const response = await page.goto(`/admin/queues/queue/${QUEUES.sessionUpdates}?status=failed`);

    expect(response?.status()).toBe(200);
    for (const name of Object.values(QUEUES)) await expectVisible(page.getByText(name, { exact: true }));
    await expectVisible(page.getByText('refused-payload', { exact: true }));
    if (changes) {
      // A change from the board's own page passes the cross-site request defence (same origin) and is logged.
      await page.getByRole('button', { name: 'Retry all' }).click();
      await page.getByRole('button', { name: 'Confirm' }).click();
      await eventually(async () =>
        expect(await server.sql('SELECT action, target FROM identity.support_access_log WHERE actor_user_id = $1 AND action = $2', [staff.id, 'change'])).toEqual([
          { action: 'change', target: `PUT /api/queues/${QUEUES.sessionUpdates}/retry/failed` },
        ]),
      );
    } else {
      await expectHidden(page.getByRole('button', { name: 'Retry all' }));
    }
    // The one request the policy refuses on purpose: the board's web fonts from Google (it falls back to system fonts).
    // useE2e then fails the test on any other violation.
    expect(takeCspViolations().filter((violation) => !violation.includes("Loading the stylesheet 'https://fonts.googleapis.com/"))).toEqual([]);
  });

  test('answers a member with 403 instead of the board', async () => {
    const { page, server, context } = e2e;
    await registerAccount(server, undefined, context);

    const response = await page.goto('/admin/queues');

    expect(response?.status()).toBe(403);
    expect(await response?.json()).toEqual({ error: 'This requires the support or admin role', code: 'role_required' });
  });
});
