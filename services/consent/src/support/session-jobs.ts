import type { SupportJobRef } from '@app/contracts';
import { jobIdOf, JOBS, QUEUES, type SessionChange } from '@app/queue';
import type { AnalysisAttempt } from '../attempts/analysis-attempt.entity';
import type { ConsentSession } from '../session-records/consent-session.entity';
import { offersRetake } from '../session-records/session-rules';
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
    jobs.push({
      queue: QUEUES.mediaAnalysis,
      name: JOBS.analyzeRecording,
      id: jobIdOf(JOBS.analyzeRecording, { sessionId: session.id, attempt }),
    });
  }
  const push = (change: SessionChange, attempt?: number) =>
    jobs.push({
      queue: QUEUES.sessionUpdates,
      name: JOBS.pushSessionUpdate,
      id: jobIdOf(JOBS.pushSessionUpdate, { sessionId: session.id, change, attempt }),
    });
  if (session.attempts > 0) push('submitted');
  for (const { attempt, outcome } of attempts) if (offersRetake(outcome, attempt)) push('retake_requested', attempt);
  if (verdict) push(verdict.outcome === 'failed' ? 'analysis_failed' : 'verdict');
  if (session.verificationTextSentAt) push('text_sent');
  if (session.withdrawnAt) push('withdrawn');
  for (const messageId of textMessageIds)
    jobs.push({
      queue: QUEUES.textMessages,
      name: JOBS.sendTextMessage,
      id: jobIdOf(JOBS.sendTextMessage, { messageId }),
    });
  return jobs;
}
