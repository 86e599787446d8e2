import { sessionJobs } from './session-jobs';

const id = '0b8e8f52-3d2a-4a5e-9f7c-1c2d3e4f5a6b';
const texts = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];
const open = { id, attempts: 0, verificationTextSentAt: null, withdrawnAt: null };

describe('sessionJobs', () => {
  it('has none for a session nobody answered', () => {
    expect(sessionJobs(open, [], null, [])).toEqual([]);
  });

  it('has the analysis of the first attempt (job id <session>.1) of a Yes and its push, before any verdict', () => {
    expect(sessionJobs({ ...open, attempts: 1 }, [], null, [])).toEqual([
      { queue: 'media-analysis', name: 'analyze-recording', id: `${id}.1` },
      { queue: 'session-updates', name: 'push-session-update', id: `${id}.submitted` },
    ]);
  });

  it("has the analysis, the verdict's push, the text pushed as sent and one send job per text", () => {
    const session = { ...open, attempts: 1, verificationTextSentAt: new Date() };
    expect(sessionJobs(session, [{ attempt: 1, outcome: 'granted' }], { outcome: 'granted' }, texts)).toEqual([
      { queue: 'media-analysis', name: 'analyze-recording', id: `${id}.1` },
      { queue: 'session-updates', name: 'push-session-update', id: `${id}.submitted` },
      { queue: 'session-updates', name: 'push-session-update', id: `${id}.verdict` },
      { queue: 'session-updates', name: 'push-session-update', id: `${id}.text_sent` },
      { queue: 'text-messages', name: 'send-text-message', id: texts[0] },
      { queue: 'text-messages', name: 'send-text-message', id: texts[1] },
    ]);
  });

  it('has one analysis per attempt and the push of each retake offered, the lapsed last one included', () => {
    const attempts = [
      { attempt: 1, outcome: 'unclear' as const },
      { attempt: 2, outcome: 'unclear' as const },
    ];
    expect(sessionJobs({ ...open, attempts: 2 }, attempts, { outcome: 'unclear' }, []).map((job) => job.id)).toEqual([
      `${id}.1`,
      `${id}.2`,
      `${id}.submitted`,
      `${id}.retake_requested.1`,
      `${id}.retake_requested.2`,
      `${id}.verdict`,
    ]);
    const third = [...attempts, { attempt: 3, outcome: 'unclear' as const }];
    expect(
      sessionJobs({ ...open, attempts: 3 }, third, { outcome: 'unclear' }, []).filter((job) =>
        job.id.includes('retake'),
      ),
    ).toHaveLength(2);
  });

  it("has the failure's push for a failed analysis", () => {
    const jobs = sessionJobs({ ...open, attempts: 1 }, [{ attempt: 1, outcome: 'failed' }], { outcome: 'failed' }, []);
    expect(jobs.map((job) => job.id)).toEqual([`${id}.1`, `${id}.submitted`, `${id}.analysis_failed`]);
  });

  it('has no analysis for a No, even with a recording, and keeps the earlier attempts of a No instead of a retake', () => {
    expect(sessionJobs(open, [], { outcome: 'denied' }, []).map((job) => job.id)).toEqual([`${id}.verdict`]);
    const noAfterRetake = sessionJobs(
      { ...open, attempts: 1 },
      [{ attempt: 1, outcome: 'unclear' }],
      { outcome: 'denied' },
      [],
    );
    expect(noAfterRetake.map((job) => job.id)).toEqual([
      `${id}.1`,
      `${id}.submitted`,
      `${id}.retake_requested.1`,
      `${id}.verdict`,
    ]);
  });

  it("has the withdrawal's push once the partner withdrew", () => {
    const jobs = sessionJobs(
      { ...open, attempts: 1, withdrawnAt: new Date() },
      [{ attempt: 1, outcome: 'granted' }],
      { outcome: 'granted' },
      [],
    );
    expect(jobs.map((job) => job.id)).toEqual([`${id}.1`, `${id}.submitted`, `${id}.verdict`, `${id}.withdrawn`]);
  });
});
