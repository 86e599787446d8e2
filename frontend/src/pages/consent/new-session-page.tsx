import { SimplePage } from '@/components/simple-page';
import { useAuth } from '@/lib/auth/use-auth';
import { SessionView } from '@/pages/consent/session-view';
import { useNewSession } from '@/pages/consent/use-new-session';
import { MemberPhoneCard } from '@/pages/member-phone/member-phone-card';

function NewSession() {
  const { view, retry } = useNewSession();
  return (
    <div aria-live="polite">
      <SessionView view={view} retry={retry} requestAnother={retry} />
    </div>
  );
}

/**
 * /consent/new: 'Generating QR code...' until the session exists (then its own address), or the creation error. A
 * member whose phone is not proved yet proves it here first; the session is created once it is.
 */
export default function NewSessionPage() {
  const { user } = useAuth();
  return <SimplePage>{user && !user.phoneVerified ? <MemberPhoneCard user={user} /> : <NewSession />}</SimplePage>;
}
