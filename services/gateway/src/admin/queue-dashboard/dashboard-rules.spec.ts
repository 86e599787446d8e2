import { dashboardAccessOf, mayChangeJobs, rolesAllowedFor } from './dashboard-rules';

describe('the job dashboard rules', () => {
  it('opens reading to support and admin, and everything else to admin alone', () => {
    expect(rolesAllowedFor('GET')).toEqual(['support', 'admin']);
    expect(rolesAllowedFor('HEAD')).toEqual(['support', 'admin']);
    for (const method of ['PUT', 'POST', 'PATCH', 'DELETE', 'OPTIONS']) expect(rolesAllowedFor(method)).toEqual(['admin']);
  });

  it('shows the buttons that change jobs to admin only', () => {
    expect(mayChangeJobs('admin')).toBe(true);
    expect(mayChangeJobs('support')).toBe(false);
    expect(mayChangeJobs('member')).toBe(false);
  });

  it('logs nothing for the page and its files', () => {
    for (const path of ['/', '/queue/media-analysis', '/queue/media-analysis/42', '/static/js/main.js']) expect(dashboardAccessOf('GET', path, {})).toBeNull();
  });

  it('names what a read shows: the queues, a queue\'s jobs, one job', () => {
    expect(dashboardAccessOf('GET', '/api/queues', { activeQueue: 'session-updates', status: 'failed' })).toEqual({
      action: 'list_jobs',
      target: 'queue:session-updates',
      read: true,
    });
    expect(dashboardAccessOf('GET', '/api/queues', {})).toEqual({ action: 'view_queues', target: 'queues', read: true });
    expect(dashboardAccessOf('GET', '/api/redis/stats', {})).toEqual({ action: 'view_queues', target: 'queues', read: true });
    expect(dashboardAccessOf('GET', '/api/queues/media-analysis/workers', {})).toEqual({ action: 'view_queues', target: 'queue:media-analysis', read: true });
    for (const suffix of ['', '/logs', '/flow']) {
      expect(dashboardAccessOf('GET', `/api/queues/media-analysis/3f1c%2F9${suffix}`, {})).toEqual({ action: 'view_job', target: 'job:media-analysis/3f1c/9', read: true });
    }
  });

  it('logs a change as its method and path, never as a read', () => {
    expect(dashboardAccessOf('PUT', '/api/queues/session-updates/17/retry', {})).toEqual({
      action: 'change',
      target: 'PUT /api/queues/session-updates/17/retry',
      read: false,
    });
    expect(dashboardAccessOf('PUT', `/api/queues/q/${'x'.repeat(400)}/clean`, {})!.target).toHaveLength(300);
  });
});
