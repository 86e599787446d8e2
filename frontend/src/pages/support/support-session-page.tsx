import { useQuery } from '@tanstack/react-query';
import { LoaderCircle, ShieldAlert } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { SimplePage } from '@/components/simple-page';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ApiError, readableError } from '@/lib/api/api-error';
import { supportSession } from '@/pages/support/support-api';
import { LookupForm } from './lookup-form';
import { SessionRecord } from './session-record';

/**
 * The support lookup (`/admin/sessions/:id`), for support and admin staff: a session's timeline with its audit
 * chain's check, its jobs, its texts (phones masked) and its verdict's reasons. The API decides who may read it; a
 * member or a signed-out visitor is told the page is for support staff.
 */
export default function SupportSessionPage() {
  const { id } = useParams();
  const lookup = useQuery({
    queryKey: ['support-session', id],
    queryFn: () => supportSession(id!),
    enabled: Boolean(id),
  });

  return (
    <SimplePage wide>
      <Card className="space-y-4">
        <h1 className="text-2xl font-bold text-slate-900">Session lookup</h1>
        <LookupForm key={id} current={id} />
        <p className="text-sm text-slate-600">
          Transcripts are never shown to support, nor are recordings, names or full phone numbers.
        </p>
      </Card>
      {lookup.isLoading && (
        <p className="mt-6 flex items-center justify-center gap-2 text-slate-600">
          <LoaderCircle className="h-5 w-5 animate-spin" aria-hidden />
          Loading session...
        </p>
      )}
      {lookup.isError && <LookupError error={lookup.error} />}
      {lookup.data && <SessionRecord record={lookup.data} />}
    </SimplePage>
  );
}

function LookupError({ error }: { error: Error }) {
  const status = error instanceof ApiError ? error.status : undefined;
  if (status === 401 || status === 403) {
    return (
      <Card className="mt-6">
        <div className="flex items-center gap-2">
          <ShieldAlert className="h-6 w-6 shrink-0 text-rose-600" aria-hidden />
          <h2 className="text-xl font-bold text-slate-900">Support staff only</h2>
        </div>
        <p role="alert" className="mt-3 text-sm text-slate-700">
          {status === 401
            ? 'Sign in with a support account to look up sessions.'
            : 'Your account does not have the support role.'}
        </p>
        {status === 401 && (
          <Link to="/login" className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'mt-4' })}>
            Sign in
          </Link>
        )}
      </Card>
    );
  }
  return (
    <Card className="mt-6">
      <p role="alert" className="text-sm text-slate-700">
        {status === 404
          ? 'There is no session with this id.'
          : readableError(error, 'The session could not be loaded.')}
      </p>
    </Card>
  );
}
