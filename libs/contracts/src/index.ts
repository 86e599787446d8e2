// Server-side entry. The web app imports types from here (`import type`) and runtime values only from the zod-free
// files (api-errors, ids, subscription-status, early-pricing, live-updates, recording-attempts, retention,
// statement-words, verdict-reasons, reason-sentences, sign-in-hint), so no validator ships to phones that do not need one.
export * from './api-errors';
export * from './ids';
export * from './recording-attempts';
export * from './statement-words';
export * from './verdict-reasons';
export * from './reason-sentences';
export * from './sign-in-hint';
export * from './subscription-status';
export * from './early-pricing';
export * from './retention';
export * from './text';
export * from './phone-numbers';
export * from './auth.contract';
export * from './site.contract';
export * from './consent-sessions.contract';
export * from './safety-check.contract';
export * from './held-analysis.contract';
export * from './phone-verification.contract';
export * from './recordings.contract';
export * from './payments.contract';
export * from './referrals.contract';
export * from './analysis.contract';
export * from './support.contract';
export * from './certificates.contract';
export * from './receipts.contract';
export * from './receipt-link';
export * from './live-updates';
export * from './live-hearing';
export * from './retention.contract';
