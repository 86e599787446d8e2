import type { SupportJobRef } from '@app/contracts';
import { JOBS, QUEUES } from '@app/queue';
import type { AnalysisAttempt } from '../attempts/analysis-attempt.entity';
import { sessionUpdateJobId } from '../events/session-updates';
import { analysisJobId } from '../queue/analysis-queue';
import type { ConsentSession } from '../sessions/consent-session.entity';
import { offersRetake } from '../sessions/session-rules';
import { textMessageJobId } from '../text-messages/text-message-queue';
import type { Verdict } from '../verdicts/verdict.entity';

type JobFacts = Pick<ConsentSession, 'id' | 'attempts' | 'verificationTextSentAt' | 'withdrawnAt'>;

/**
 * The jobs a session has caused, from what is stored about it: one analysis per attempt (each Yes with a recording),
 * the push of each change that was published (the first recording submitted, a retake offered after an attempt, the
 * verdict or the failure, the partner's text sent, the partner's withdrawal) and one send job per outbox row.
 */
export function sessionJobs(
  session: JobFacts,
  attempts: Pick<AnalysisAttempt, 'attempt' | 'outcome'>[],
  verdict: Pick<Verdict, 'outcome'> | null,
  textMessageIds: string[],
): SupportJobRef[] {
  const jobs: SupportJobRef[] = [];
  for (let attempt = 1; attempt <= session.attempts; attempt++) {
    jobs.push({ queue: QUEUES.mediaAnalysis, name: JOBS.analyzeRecording, id: analysisJobId(session.id, attempt) });
  }
  const push = (id: string) => jobs.push({ queue: QUEUES.sessionUpdates, name: JOBS.pushSessionUpdate, id });
  if (session.attempts > 0) push(sessionUpdateJobId(session.id, 'submitted'));
  for (const { attempt, outcome } of attempts) if (offersRetake(outcome, attempt)) push(sessionUpdateJobId(session.id, 'retake_requested', attempt));
  if (verdict) push(sessionUpdateJobId(session.id, verdict.outcome === 'failed' ? 'analysis_failed' : 'verdict'));
  if (session.verificationTextSentAt) push(sessionUpdateJobId(session.id, 'text_sent'));
  if (session.withdrawnAt) push(sessionUpdateJobId(session.id, 'withdrawn'));
  for (const id of textMessageIds) jobs.push({ queue: QUEUES.textMessages, name: JOBS.sendTextMessage, id: textMessageJobId(id) });
  return jobs;
}
