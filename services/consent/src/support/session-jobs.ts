import type { SupportJobRef } from '@app/contracts';
import { JOBS, QUEUES, type SessionChange } from '@app/queue';
import { sessionUpdateJobId } from '../events/session-updates';
import { analysisJobId } from '../queue/analysis-queue';
import type { ConsentSession } from '../sessions/consent-session.entity';
import { textMessageJobId } from '../text-messages/text-message-queue';
import type { Verdict } from '../verdicts/verdict.entity';

type JobFacts = Pick<ConsentSession, 'id' | 'recipientDecision' | 'videoAssetId' | 'verificationTextSentAt'>;

/**
 * The jobs a session has caused, from what is stored about it: its analysis (a Yes with a recording), the push of each
 * change that was published (the verdict or the failure, the partner's text sent) and one send job per outbox row.
 */
export function sessionJobs(session: JobFacts, verdict: Pick<Verdict, 'outcome'> | null, textMessageIds: string[]): SupportJobRef[] {
  const jobs: SupportJobRef[] = [];
  if (session.recipientDecision === 'yes' && session.videoAssetId) {
    jobs.push({ queue: QUEUES.mediaAnalysis, name: JOBS.analyzeRecording, id: analysisJobId(session.id) });
  }
  const pushed: SessionChange[] = [];
  if (verdict) pushed.push(verdict.outcome === 'failed' ? 'analysis_failed' : 'verdict');
  if (session.verificationTextSentAt) pushed.push('text_sent');
  for (const change of pushed) jobs.push({ queue: QUEUES.sessionUpdates, name: JOBS.pushSessionUpdate, id: sessionUpdateJobId(session.id, change) });
  for (const id of textMessageIds) jobs.push({ queue: QUEUES.textMessages, name: JOBS.sendTextMessage, id: textMessageJobId(id) });
  return jobs;
}
