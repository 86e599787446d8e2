import type { ConsentSession, Decision } from '@app/contracts';
import { CircleAlert } from 'lucide-react';
import { StatusCard } from '@/components/status-card';
import { finalVerdict } from '@/lib/consent/session-status';
import { type Outcome, ResultStep } from '@/pages/consent-form/result-step';
import { useWithdrawal } from '@/pages/consent-form/use-withdrawal';

function outcomeOf(session: ConsentSession): Outcome {
  if (session.withdrawnAt) return 'withdrawn';
  if (session.aiVerdict === 'failed') return 'failed';
  return finalVerdict(session) ?? 'analysing';
}

interface Props {
  /** The session as the link loaded it, and as the partner last heard of it. */
  session: ConsentSession;
  latest: ConsentSession;
  token: string;
  fullName: string;
  /** The partner said No before recording. */
  refused: boolean;
  /** The Yes or No this page sent with the recording, while the server's answer is not yet there. */
  decision: Decision | null;
}

/**
 * Step 3 with its 'Withdraw my consent' wired to the link's token: loaded only once the partner has answered. The texts
 * follow the answer and recording as stored, so a reload reads the same; this page's own answer counts only until the
 * server's is there.
 */
export default function PartnerResult({ session, latest, token, fullName, refused, decision }: Props) {
  const withdrawal = useWithdrawal(session.id, token);
  const { check } = latest;
  // The link alone, once a phone proved it (another browser, or the link the member's screen showed): the result,
  // what was heard and the withdrawal are that phone's, and the server refuses the rest to this one.
  if (check === null && latest.phoneVerifiedAt !== null) {
    return (
      <StatusCard
        icon={<CircleAlert className="h-12 w-12 text-slate-500" aria-hidden />}
        title="Answered on another phone"
      >
        <p role="status">This consent session is answered on the phone that confirmed the code.</p>
      </StatusCard>
    );
  }
  return (
    <ResultStep
      outcome={outcomeOf(latest)}
      textSent={latest.verificationTextSent}
      recorded={check?.recorded ?? !refused}
      initiatorName={session.initiator.fullName}
      pressedYes={(check?.answer ?? (refused ? 'no' : decision)) === 'yes'}
      deniedBecause={latest.deniedBecause}
      fullName={fullName}
      heard={check?.heard}
      onWithdraw={() => void withdrawal.withdraw()}
      withdrawing={withdrawal.pending}
    />
  );
}
