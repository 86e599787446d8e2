import { useParams } from 'react-router-dom';
import { SimplePage } from '@/components/simple-page';
import { SessionView } from '@/pages/consent/session-view';
import { useMemberSession } from '@/pages/consent/use-member-session';

function MemberSession({ sessionId }: { sessionId: string }) {
  const session = useMemberSession(sessionId);
  return (
    <div aria-live="polite">
      <SessionView {...session} />
    </div>
  );
}

/** The member's side of one consent check: the QR code for the partner, then the analysed answer. */
export default function MemberSessionPage() {
  const { id = '' } = useParams();
  return (
    <SimplePage>
      {/* Keyed by the session: moving between two sessions' addresses (Back) starts afresh, with that session's token. */}
      <MemberSession key={id} sessionId={id} />
    </SimplePage>
  );
}
