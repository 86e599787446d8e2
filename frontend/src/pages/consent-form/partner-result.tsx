import { ResultStep } from '@/pages/consent-form/result-step';
import { useWithdrawal } from '@/pages/consent-form/use-withdrawal';

type ResultProps = Omit<Parameters<typeof ResultStep>[0], 'onWithdraw' | 'withdrawing'>;

/** Step 3 with its 'Withdraw my consent' wired to the link's token: loaded only once the partner has answered. */
export default function PartnerResult({ sessionId, token, ...result }: ResultProps & { sessionId: string; token: string }) {
  const withdrawal = useWithdrawal(sessionId, token);
  return <ResultStep {...result} onWithdraw={() => void withdrawal.withdraw()} withdrawing={withdrawal.pending} />;
}
