import { SimplePage } from '@/components/simple-page';
import { SessionView } from '@/pages/consent/session-view';
import { useNewSession } from '@/pages/consent/use-new-session';

/** /consent/new: 'Generating QR code...' until the session exists (then its own address), or the creation error. */
export default function NewSessionPage() {
  const { view, retry } = useNewSession();
  return (
    <SimplePage>
      <div aria-live="polite">
        <SessionView view={view} retry={retry} requestAnother={retry} />
      </div>
    </SimplePage>
  );
}
