import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { SimplePage } from '@/components/simple-page';
import { readableError } from '@/lib/api/api-error';
import { useAuth } from '@/lib/auth/use-auth';
import { INVALID_SESSION_MESSAGE } from '@/lib/consent/session-status';
import { useIsHydrating } from '@/lib/hydration';
import { ConsentFlow } from '@/pages/consent-form/consent-flow';
import { Later, MembersOwnPhone, SessionNotFound } from '@/pages/consent-form/later-screens';
import { linkSessionQuery } from '@/pages/consent-form/link-session';
import { mayResume } from '@/pages/consent-form/partner-draft';
import { RecipientDetailsLoading } from '@/pages/consent-form/recipient-details-step';

// Declared here, not among the later screens the flow itself loads: the resumed flow wraps `ConsentFlow`, so listing
// it there would make a loop of imports.
const ResumedFlow = lazy(() => import('@/pages/consent-form/resumed-flow'));

/**
 * The partner's page, opened from the QR code: /consent/form/{qrCodeId}?token={recipientToken}.
 * Kept to its own small chunk: it is a stranger's first contact with the product, usually on a phone.
 */
export default function ConsentFormPage() {
  const { qrCodeId } = useParams();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const hydrating = useIsHydrating();
  // Asked only in a browser that signed in here: the partner's own phone makes no call for it.
  const { user } = useAuth('if-signed-in-here');

  const query = useQuery({
    ...linkSessionQuery(qrCodeId!, token!),
    enabled: Boolean(qrCodeId && token),
    // Usually started before this page loaded (main.tsx); a failure there is this page's answer, not asked again.
    retryOnMount: false,
  });

  const notFound = (message: string) => (
    <Later>
      <SessionNotFound qrCodeId={qrCodeId} message={message} />
    </Later>
  );
  if (!qrCodeId || !token) return notFound(INVALID_SESSION_MESSAGE);
  // Prerendered in this state for every link with a token: the session, even when already here, shows once hydrated.
  const loading = (
    <SimplePage>
      <RecipientDetailsLoading message="Loading consent session..." />
    </SimplePage>
  );
  if (hydrating || query.isPending) return loading;
  if (query.isError) return notFound(readableError(query.error, INVALID_SESSION_MESSAGE));
  // The member who started the session, on their own phone: the partner is someone else, on theirs.
  if (user?.id === query.data.initiatorUserId) {
    return (
      <Later>
        <MembersOwnPhone member={user} />
      </Later>
    );
  }
  if (!mayResume(query.data)) return <ConsentFlow session={query.data} token={token} />;
  return (
    <Suspense fallback={loading}>
      <ResumedFlow session={query.data} token={token} />
    </Suspense>
  );
}
