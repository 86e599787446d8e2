import type { HistoryEntry, HistoryPage as HistoryPageAnswer, HistoryState } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, FileDown } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { BottomNav } from '@/components/bottom-nav';
import { request } from '@/lib/api/http';
import { formatDateTime } from '@/lib/date-time';
import { downloadFile } from '@/lib/download-file';

const STATE_LABELS: Record<HistoryState, string> = {
  pending: 'Waiting for an answer',
  processing: 'Being checked',
  granted: 'Consent granted',
  denied: 'No consent',
  withdrawn: 'Consent withdrawn',
  expired: 'Expired',
  failed: 'Session error',
};

const historyPath = (before: string | null) =>
  `/api/consent/sessions${before ? `?before=${encodeURIComponent(before)}` : ''}`;

function HistoryItem({ entry }: { entry: HistoryEntry }) {
  const [failed, setFailed] = useState(false);
  const base = `/api/consent/sessions/${encodeURIComponent(entry.id)}/certificate`;
  const save = (suffix: '.pdf' | '', extension: 'pdf' | 'json') => {
    setFailed(false);
    // Fetched with the member's credentials (a plain link would carry the cookie only).
    downloadFile(`${base}${suffix}`, `consentiq-certificate-${entry.id}.${extension}`).catch(() => setFailed(true));
  };
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <p className="font-semibold text-slate-900">{entry.partnerFirstName ?? 'Partner not named'}</p>
      <p className="text-sm text-slate-600">
        <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time> · {STATE_LABELS[entry.state]}
      </p>
      {entry.certificate && (
        <div className="mt-3 flex flex-wrap gap-2">
          {(
            [
              ['.pdf', 'pdf', 'Certificate (PDF)'],
              ['', 'json', 'Certificate (JSON)'],
            ] as const
          ).map(([suffix, extension, label]) => (
            <button
              key={label}
              type="button"
              onClick={() => save(suffix, extension)}
              className="inline-flex items-center gap-1 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:border-rose-300"
            >
              <FileDown className="h-4 w-4" aria-hidden />
              {label}
            </button>
          ))}
        </div>
      )}
      {failed && (
        <p role="alert" className="mt-2 text-sm text-rose-700">
          The certificate could not be downloaded. Please try again.
        </p>
      )}
    </li>
  );
}

/**
 * One page of the history, then, when asked, the page after it. Pages are plain queries (not an infinite query), so
 * the page shares react-query's `useQuery` chunk with every other screen rather than splitting it.
 */
function HistoryPageFrom({ cursor }: { cursor: string | null }) {
  const page = useQuery({
    queryKey: ['consent-history', cursor],
    queryFn: () => request<HistoryPageAnswer>('GET', historyPath(cursor)),
  });
  const [showOlder, setShowOlder] = useState(false);
  const nextCursor = page.data?.nextCursor ?? null;

  return (
    <>
      {page.isPending && <p className="mt-6 text-slate-600">Loading…</p>}
      {page.isError && (
        <p role="alert" className="mt-6 text-rose-700">
          Your check-ins could not be loaded. Please try again.
        </p>
      )}
      {cursor === null && page.isSuccess && page.data.sessions.length === 0 && (
        <p className="mt-6 text-slate-600">No check-ins yet.</p>
      )}
      {page.data && page.data.sessions.length > 0 && (
        <ul className="mt-6 space-y-3">
          {page.data.sessions.map((entry) => (
            <HistoryItem key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
      {nextCursor !== null &&
        (showOlder ? (
          <HistoryPageFrom cursor={nextCursor} />
        ) : (
          <button
            type="button"
            onClick={() => setShowOlder(true)}
            className="mt-4 w-full rounded-xl border border-slate-300 bg-white py-2 font-medium text-slate-800"
          >
            Show older
          </button>
        ))}
    </>
  );
}

/** The member's own sessions, newest first, each final one with its certificate. Recordings are never offered. */
export default function HistoryPage() {
  return (
    <div className="min-h-dvh bg-slate-50 pb-28">
      <main className="mx-auto max-w-2xl px-4 pt-6">
        <Link
          to="/dashboard"
          className="inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-slate-900"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Home
        </Link>
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">Your check-ins</h1>
        <p className="mt-2 text-sm text-slate-600">
          Each answered check-in has a signed certificate anyone can check at{' '}
          <Link to="/verify" className="text-rose-700 hover:underline">
            /verify
          </Link>
          . Recordings belong to the partner and are never shown here.
        </p>
        <HistoryPageFrom cursor={null} />
      </main>
      <BottomNav />
    </div>
  );
}
