import { lazy } from 'react';
import { StatementSentence } from '@/pages/consent-form/live-hearing/statement-sentence-text';

// The recording step's only import of the live hearing: the rest (the socket, the audio worklet, the words lit) is a
// chunk of its own, outside the partner page's first scripts (e2e/partner-page-budget.e2e.ts).

/**
 * The live hearing of one take, loaded when the first take starts (not as the step shows: the partner page's first
 * scripts stay within their budget); its chunk failing to load leaves the sentence as it is, never the step broken.
 */
export const LiveHearing = lazy(() =>
  import('@/pages/consent-form/live-hearing/live-hearing').catch(() => ({ default: StatementSentence })),
);
