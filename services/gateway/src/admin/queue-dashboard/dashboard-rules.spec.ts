import { changeTargets, jobChangeOf, mayChangeJobs, readAccessOf, rolesAllowedFor } from './dashboard-rules';

describe('the job dashboard rules', () => {
  it('opens reading to support and admin, and everything else to admin alone', () => {
    expect(rolesAllowedFor('GET')).toEqual(['support', 'admin']);
    expect(rolesAllowedFor('HEAD')).toEqual(['support', 'admin']);
    for (const method of ['PUT', 'POST', 'PATCH', 'DELETE', 'OPTIONS'])
      expect(rolesAllowedFor(method)).toEqual(['admin']);
  });

  it('shows the buttons that change jobs to admin only', () => {
    expect(mayChangeJobs('admin')).toBe(true);
    expect(mayChangeJobs('support')).toBe(false);
    expect(mayChangeJobs('member')).toBe(false);
  });

  it('logs nothing for the page and its files', () => {
    for (const path of ['/', '/queue/media-analysis', '/queue/media-analysis/42', '/static/js/main.js'])
      expect(readAccessOf(path, {})).toBeNull();
  });

  it("names what a read shows: the queues, a queue's jobs, one job", () => {
    expect(readAccessOf('/api/queues', { activeQueue: 'session-updates', status: 'failed' })).toEqual({
      action: 'list_jobs',
      target: 'queue:session-updates',
    });
    expect(readAccessOf('/api/queues', {})).toEqual({ action: 'view_queues', target: 'queues' });
    expect(readAccessOf('/api/redis/stats', {})).toEqual({ action: 'view_queues', target: 'queues' });
    expect(readAccessOf('/api/queues/media-analysis/workers', {})).toEqual({
      action: 'view_queues',
      target: 'queue:media-analysis',
    });
    for (const suffix of ['', '/logs', '/flow']) {
      expect(readAccessOf(`/api/queues/media-analysis/3f1c%2F9${suffix}`, {})).toEqual({
        action: 'view_job',
        target: 'job:media-analysis/3f1c/9',
      });
    }
  });

  it('allows retrying or removing one job, by the board route reached, and no other change', () => {
    const params = { queueName: 'account-updates', jobId: 'u1.17' };
    expect(jobChangeOf({ route: '/api/queues/:queueName/:jobId/retry', params })).toEqual({
      action: 'retry_job',
      queue: 'account-updates',
      jobId: 'u1.17',
    });
    expect(jobChangeOf({ route: '/api/queues/:queueName/:jobId/clean', params })).toEqual({
      action: 'remove_job',
      queue: 'account-updates',
      jobId: 'u1.17',
    });
    for (const route of [
      '/api/queues/:queueName/add',
      '/api/queues/:queueName/:jobId/update-data',
      '/api/queues/:queueName/:jobId/delay',
      '/api/queues/:queueName/:jobId/priority',
      '/api/queues/:queueName/:jobId/promote',
      '/api/queues/:queueName/retry/:queueStatus',
      '/api/queues/:queueName/clean/:queueStatus',
      '/api/queues/:queueName/job-schedulers/:schedulerId/run',
      '/api/queues/:queueName/pause',
    ]) {
      expect(jobChangeOf({ route, params })).toBeNull();
    }
    expect(jobChangeOf(null)).toBeNull();
  });

  it('names a change by its job and by the session or account its payload names', () => {
    const change = { action: 'retry_job', queue: 'q', jobId: '7' } as const;
    expect(changeTargets(change, { version: 1, sessionId: 's1', initiatorUserId: 'u0', change: 'verdict' })).toEqual([
      'job:q/7',
      'session:s1',
    ]);
    expect(changeTargets(change, { version: 1, userId: 'u1', subscriptionStatus: 'active' })).toEqual([
      'job:q/7',
      'account:u1',
    ]);
    expect(changeTargets(change, { version: 1 })).toEqual(['job:q/7']);
    expect(changeTargets(change, undefined)).toEqual(['job:q/7']);
    expect(changeTargets({ ...change, jobId: 'x'.repeat(400) }, { sessionId: 7 })).toEqual([
      `job:q/${'x'.repeat(294)}`,
    ]);
  });
});
