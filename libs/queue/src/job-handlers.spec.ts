import { assertOneHandlerPerJob } from './job-queue';
import { JOBS, QUEUES } from './queue-names';

describe('assertOneHandlerPerJob (a consumer\'s start-up check)', () => {
  it('passes when every job travelling on the queue has exactly one handler', () => {
    expect(() => assertOneHandlerPerJob(QUEUES.mediaAnalysis, [JOBS.analyzeRecording])).not.toThrow();
  });

  it('names a job without a handler, one handled twice, and one that does not travel on the queue', () => {
    expect(() => assertOneHandlerPerJob(QUEUES.mediaAnalysis, [])).toThrow('Job handlers of media-analysis: analyze-recording has no handler');
    expect(() => assertOneHandlerPerJob(QUEUES.mediaAnalysis, [JOBS.analyzeRecording, JOBS.analyzeRecording])).toThrow(
      'analyze-recording has more than one handler',
    );
    expect(() => assertOneHandlerPerJob(QUEUES.mediaAnalysis, [JOBS.analyzeRecording, JOBS.sendTextMessage])).toThrow(
      'send-text-message does not travel on media-analysis',
    );
  });
});
