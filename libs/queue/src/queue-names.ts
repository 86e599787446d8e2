/**
 * Every queue and job name in the system, in one place. Renaming one strands the jobs already waiting under the
 * old name, so names are never changed: add a new one and drain the old.
 */
export const QUEUES = {
  /** consent -> media-worker: analyse a submitted recording. */
  mediaAnalysis: 'media-analysis',
  /** consent -> gateway: a session changed (verdict, failure, text sent); the gateway pushes it to the open screens. */
  sessionUpdates: 'session-updates',
  /** consent -> consent: send one text message from the outbox through the configured provider. */
  textMessages: 'text-messages',
  /** billing -> billing: a verified provider event (webhook, or the local provider's), processed once, in order of arrival. */
  billingEvents: 'billing-events',
  /** billing -> gateway: a member's subscription status or deletion date changed. */
  accountUpdates: 'account-updates',
  /** gateway -> gateway: the scheduled pass that deletes the accounts whose deletion date has passed. */
  accountDeletion: 'account-deletion',
} as const;

export const JOBS = {
  analyzeRecording: 'analyze-recording',
  /** A stored take analysed while the partner reviews it; its result is held until they answer (Yes publishes it). */
  analyzeHeldRecording: 'analyze-held-recording',
  pushSessionUpdate: 'push-session-update',
  sendTextMessage: 'send-text-message',
  processBillingEvent: 'process-billing-event',
  applySubscriptionChange: 'apply-subscription-change',
  deleteDueAccounts: 'delete-due-accounts',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
export type JobName = (typeof JOBS)[keyof typeof JOBS];
