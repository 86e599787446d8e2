/**
 * Every queue and job name in the system, in one place. Renaming one strands the jobs already waiting under the
 * old name, so names are never changed: add a new one and drain the old.
 */
export const QUEUES = {
  /** consent -> media-worker: analyse a submitted recording. */
  mediaAnalysis: 'media-analysis',
} as const;

export const JOBS = {
  analyzeRecording: 'analyze-recording',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
export type JobName = (typeof JOBS)[keyof typeof JOBS];
