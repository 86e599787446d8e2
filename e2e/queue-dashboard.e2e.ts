// The job dashboard (Bull Board at /admin/queues) in a real browser, under the gateway's own security headers.
import { QUEUES, queueWiringFromUrl } from '@app/queue';
import { Queue } from 'bullmq';
import { eventually, expectHidden, expectVisible, registerAccount, takeCspViolations, useE2e } from './support/browser';

const e2e = useE2e();

describe('the job dashboard', () => {
  let sessionUpdates: Queue;
  beforeAll(async () => {
    sessionUpdates = new Queue(
      QUEUES.sessionUpdates,
      queueWiringFromUrl(e2e.server.redis.url, e2e.server.redis.prefix),
    );
    // A payload the gateway's worker refuses outright: a job failed for good, for the board to show.
    await sessionUpdates.add('push-session-update', { version: 0 }, { jobId: 'refused-payload', attempts: 1 });
    while ((await sessionUpdates.getJobState('refused-payload')) !== 'failed')
      await new Promise((r) => setTimeout(r, 50));
  });
  afterAll(() => sessionUpdates?.close());

  test.each([
    ['admin', true],
    ['support', false],
  ])(
    "shows %s every queue and the failed job, with the buttons that change jobs only for admin, under the gateway's CSP",
    async (role, changes) => {
      const { page, server, context } = e2e;
      const staff = await registerAccount(server, undefined, context);
      await server.sql('UPDATE identity.users SET role = $2 WHERE id = $1', [staff.id, role]);

      const response = await page.goto(`/admin/queues/queue/${QUEUES.sessionUpdates}?status=failed`);

      expect(response?.status()).toBe(200);
      for (const name of Object.values(QUEUES)) await expectVisible(page.getByText(name, { exact: true }));
      await expectVisible(page.getByText('refused-payload', { exact: true }));
      if (changes) {
        // Changes to many jobs at once are refused (the log could not name whose jobs they were): the job stays failed.
        await page.getByRole('button', { name: 'Retry all' }).click();
        await page.getByRole('button', { name: 'Confirm' }).click();
        await eventually(async () =>
          expect(
            await server.sql(
              'SELECT count(*)::int AS count FROM identity.support_access_log WHERE actor_user_id = $1 AND action NOT IN ($2, $3, $4)',
              [staff.id, 'view_queues', 'list_jobs', 'view_job'],
            ),
          ).toEqual([{ count: 0 }]),
        );
        expect(await sessionUpdates.getJobState('refused-payload')).toBe('failed');
        // Retrying the one job is allowed from the board's own page (same origin, the call its job card makes), and logged
        // with the job as its target. (The card's buttons are icons without names, so the call is made as the card does.)
        const retried = await page.evaluate(
          async (path) => (await fetch(path, { method: 'PUT', credentials: 'include' })).status,
          `/admin/queues/api/queues/${QUEUES.sessionUpdates}/refused-payload/retry`,
        );
        expect(retried).toBe(204);
        await eventually(async () =>
          expect(
            await server.sql(
              'SELECT action, target FROM identity.support_access_log WHERE actor_user_id = $1 AND action = $2',
              [staff.id, 'retry_job'],
            ),
          ).toEqual([{ action: 'retry_job', target: `job:${QUEUES.sessionUpdates}/refused-payload` }]),
        );
      } else {
        await expectHidden(page.getByRole('button', { name: 'Retry all' }));
      }
      // The one request the policy refuses on purpose: the board's web fonts from Google (it falls back to system fonts).
      // useE2e then fails the test on any other violation.
      expect(
        takeCspViolations().filter(
          (violation) => !violation.includes("Loading the stylesheet 'https://fonts.googleapis.com/"),
        ),
      ).toEqual([]);
    },
  );

  test('answers a member with 403 instead of the board', async () => {
    const { page, server, context } = e2e;
    await registerAccount(server, undefined, context);

    const response = await page.goto('/admin/queues');

    expect(response?.status()).toBe(403);
    expect(await response?.json()).toEqual({ error: 'This requires the support or admin role', code: 'role_required' });
  });
});
