import { sessionJobs } from './session-jobs';

const id = '0b8e8f52-3d2a-4a5e-9f7c-1c2d3e4f5a6b';
const asset = '5d6e7f80-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const texts = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];
const open = { id, recipientDecision: null, videoAssetId: null, verificationTextSentAt: null };

describe('sessionJobs', () => {
  it('has none for a session nobody answered', () => {
    expect(sessionJobs(open, null, [])).toEqual([]);
  });

  it('has the analysis (job id = session id) of a Yes with a recording, before any verdict', () => {
    expect(sessionJobs({ ...open, recipientDecision: 'yes', videoAssetId: asset }, null, [])).toEqual([{ queue: 'media-analysis', name: 'analyze-recording', id }]);
  });

  it("has the analysis, the verdict's push, the text pushed as sent and one send job per text", () => {
    const session = { ...open, recipientDecision: 'yes' as const, videoAssetId: asset, verificationTextSentAt: new Date() };
    expect(sessionJobs(session, { outcome: 'granted' }, texts)).toEqual([
      { queue: 'media-analysis', name: 'analyze-recording', id },
      { queue: 'session-updates', name: 'push-session-update', id: `${id}.verdict` },
      { queue: 'session-updates', name: 'push-session-update', id: `${id}.text_sent` },
      { queue: 'text-messages', name: 'send-text-message', id: texts[0] },
      { queue: 'text-messages', name: 'send-text-message', id: texts[1] },
    ]);
  });

  it("has the failure's push for a failed analysis", () => {
    const jobs = sessionJobs({ ...open, recipientDecision: 'yes', videoAssetId: asset }, { outcome: 'failed' }, []);
    expect(jobs.map((job) => job.id)).toEqual([id, `${id}.analysis_failed`]);
  });

  it('has no analysis for a No, even with a recording', () => {
    expect(sessionJobs({ ...open, recipientDecision: 'no', videoAssetId: asset }, { outcome: 'denied' }, []).map((job) => job.id)).toEqual([`${id}.verdict`]);
  });
});
