import type { HeldAnalysisAnswer, HeldAnalysisDiscard, HeldAnalysisRequest } from '@app/contracts';
import { partner, segment } from '@/lib/api/api';
import { request } from '@/lib/api/http';

// Here, not in api.ts: only the lazily loaded review step calls them, and the page's first scripts are at their budget.

/** Analyses a stored take while the partner reviews it; its result is held until they answer. */
export function holdAnalysis(id: string, body: HeldAnalysisRequest, token: string): Promise<HeldAnalysisAnswer> {
  return request<HeldAnalysisAnswer>('POST', `/api/consent/sessions/${segment(id)}/held-analysis`, {
    json: body,
    headers: partner(token),
  });
}

/**
 * Drops a take left unanswered (a new take, the page left): `keepalive`, as it is sent on pagehide, which is also why
 * it is a bare fetch: nothing reads its answer.
 */
export function discardHeldAnalysis(id: string, body: HeldAnalysisDiscard, token: string): Promise<Response> {
  return fetch(`/api/consent/sessions/${segment(id)}/held-analysis/discard`, {
    method: 'POST',
    headers: { ...partner(token), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'include',
    keepalive: true,
  });
}
