import type { Receipt } from '@app/contracts';
import { reasonSentences } from '@app/contracts/reason-sentences';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FileDown, SearchX } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { ConfirmAction } from '@/components/confirm-action';
import { FullScreenLoading } from '@/components/full-screen-loading';
import { SimplePage } from '@/components/simple-page';
import { StatusCard } from '@/components/status-card';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { readableError } from '@/lib/api/api-error';
import { WITHDRAW_ANY_TIME } from '@/lib/consent/session-status';
import { formatDateTime } from '@/lib/date-time';
import { useObjectUrl } from '@/pages/consent-form/use-object-url';
import { receiptApi } from '@/pages/receipt/receipt-api';

/** The answer to every refused receipt (API_ERRORS.receiptNotFound), written out so this page ships no error table. */
export const RECEIPT_INVALID_MESSAGE = 'This receipt link is invalid.';

const OUTCOMES: Record<Receipt['verdict']['outcome'], string> = {
  granted: 'Consent granted',
  denied: 'Consent declined',
  unclear: 'Not clear, so counted as a no',
  failed: 'The recording could not be analysed',
};

const receiptKey = (id: string) => ['receipt', id] as const;

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="py-2">
      <dt className="text-xs font-semibold uppercase tracking-wider text-slate-500">{term}</dt>
      <dd className="mt-0.5 break-words text-slate-800">{children}</dd>
    </div>
  );
}

function Time({ iso }: { iso: string | null }) {
  return iso ? <time dateTime={iso}>{formatDateTime(iso)}</time> : <>—</>;
}

/** Playback of the partner's own recording: fetched with the secret (a media element cannot send it) and played from a blob: address. */
function Recording({ id, secret }: { id: string; secret: string }) {
  const [blob, setBlob] = useState<Blob | null>(null);
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const url = useObjectUrl(blob);
  if (url)
    return <video src={url} controls playsInline className="w-full rounded-lg bg-black" aria-label="Your recording" />;
  const load = async () => {
    setState('loading');
    try {
      setBlob(await receiptApi.recording(id, secret));
    } catch {
      setState('failed');
    }
  };
  return (
    <>
      <Button
        variant="secondary"
        size="lg"
        className="w-full"
        disabled={state === 'loading'}
        onClick={() => void load()}
      >
        {state === 'loading' ? 'Loading your recording...' : 'Play my recording'}
      </Button>
      {state === 'failed' && <p role="alert">Your recording could not be loaded. Please try again.</p>}
    </>
  );
}

/** The session's signed certificate, as PDF or JSON: fetched with the secret (a plain link cannot send it) and saved. */
function CertificateDownloads({ id, secret, reference }: { id: string; secret: string; reference: string }) {
  const [failed, setFailed] = useState(false);
  const save = (format: 'pdf' | 'json') => {
    setFailed(false);
    receiptApi
      .saveCertificate(id, secret, format, `consentiq-certificate-${reference}.${format}`)
      .catch(() => setFailed(true));
  };
  return (
    <>
      <div className="flex flex-wrap gap-2">
        {(
          [
            ['pdf', 'Certificate (PDF)'],
            ['json', 'Certificate (JSON)'],
          ] as const
        ).map(([format, label]) => (
          <Button key={format} variant="secondary" onClick={() => save(format)}>
            <FileDown className="h-4 w-4" aria-hidden />
            {label}
          </Button>
        ))}
      </div>
      {failed && (
        <p role="alert" className="text-sm text-rose-700">
          The certificate could not be downloaded. Please try again.
        </p>
      )}
    </>
  );
}

function ReceiptView({ id, secret, receipt }: { id: string; secret: string; receipt: Receipt }) {
  const client = useQueryClient();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const act = async (call: () => Promise<Receipt>) => {
    setPending(true);
    setError(null);
    try {
      client.setQueryData(receiptKey(id), await call());
    } catch (failure) {
      setError(readableError(failure, 'Something went wrong, please try again'));
    } finally {
      setPending(false);
    }
  };
  const { verdict } = receipt;
  return (
    <Card>
      <h1 className="text-2xl font-bold text-slate-900">Your consent receipt</h1>
      <p className="mt-2 text-sm text-slate-600">
        Your response to {receipt.initiatorFirstName}'s consent request. Only you can open this page.
      </p>
      {receipt.withdrawnAt && (
        <p role="status" className="mt-4 rounded-lg bg-rose-50 p-3 text-sm font-semibold text-rose-800">
          You withdrew your consent on <Time iso={receipt.withdrawnAt} />.
        </p>
      )}
      <dl className="mt-4 divide-y divide-slate-100 text-sm">
        <Row term="Recorded">
          <Time iso={receipt.recordedAt} />
        </Row>
        <Row term="Your answer">{receipt.answer === 'yes' ? 'Yes' : receipt.answer === 'no' ? 'No' : '—'}</Row>
        <Row term="Verdict">
          {OUTCOMES[verdict.outcome]}, <Time iso={verdict.decidedAt} />
          {reasonSentences(verdict.reasons).map((sentence) => (
            <span key={sentence} className="block text-slate-500">
              {sentence}
            </span>
          ))}
        </Row>
        <Row term="What we heard">{receipt.transcript === null ? '—' : `“${receipt.transcript}”`}</Row>
        <Row term="Recording SHA-256">
          {receipt.recordingSha256 ? (
            <code className="break-all text-xs">{receipt.recordingSha256}</code>
          ) : (
            'None: nothing was recorded'
          )}
        </Row>
        {receipt.recordingDeletedAt && (
          <Row term="Recording deleted">
            At your request, on <Time iso={receipt.recordingDeletedAt} />
          </Row>
        )}
        <Row term="Reference">{receipt.reference}</Row>
      </dl>
      {/* A promise only while it holds: not after a withdrawal, nor for an answer with nothing to withdraw. */}
      {receipt.withdrawable && <p className="mt-4 text-sm font-semibold text-slate-900">{WITHDRAW_ANY_TIME}</p>}
      <div className="mt-6 flex flex-col gap-3">
        {receipt.recordingAvailable && <Recording id={id} secret={secret} />}
        {/* A failed analysis is no final verdict, so it has no certificate. */}
        {verdict.outcome !== 'failed' && <CertificateDownloads id={id} secret={secret} reference={receipt.reference} />}
        {receipt.withdrawable && (
          <ConfirmAction
            label="Withdraw my consent"
            question={`Withdraw your consent? ${receipt.initiatorFirstName} is told at once, and nothing they do can undo it.`}
            confirmLabel="Yes, withdraw my consent"
            onConfirm={() => void act(() => receiptApi.withdraw(id, secret))}
            pending={pending}
          />
        )}
        {receipt.recordingAvailable && (
          <ConfirmAction
            label="Delete my recording"
            question="Delete your recording for good? Its fingerprint (SHA-256), the times and the verdict stay on record; the video itself cannot be recovered."
            confirmLabel="Yes, delete my recording"
            onConfirm={() => void act(() => receiptApi.deleteRecording(id, secret))}
            pending={pending}
            variant="secondary"
          />
        )}
        {error && (
          <p role="alert" className="text-sm text-rose-700">
            {error}
          </p>
        )}
      </div>
    </Card>
  );
}

/**
 * /r/{receiptId}#{secret}: the partner's receipt, from the link in their verification text. The secret is read from
 * the fragment, which never reaches a server or a Referer, and sent as a header. Its own small chunk, mobile first.
 */
export default function ReceiptPage() {
  const { receiptId = '' } = useParams();
  const secret = useLocation().hash.slice(1);
  const query = useQuery({
    queryKey: receiptKey(receiptId),
    queryFn: () => receiptApi.receipt(receiptId, secret),
    enabled: Boolean(receiptId && secret),
    retry: false,
  });

  if (!secret || query.isError) {
    return (
      <SimplePage>
        <StatusCard icon={<SearchX className="h-12 w-12 text-rose-600" aria-hidden />} title="Receipt Not Found">
          <p role="alert">
            {query.isError ? readableError(query.error, RECEIPT_INVALID_MESSAGE) : RECEIPT_INVALID_MESSAGE}
          </p>
          <p>Open the link from your text message exactly as it was sent.</p>
        </StatusCard>
      </SimplePage>
    );
  }
  if (query.isPending) return <FullScreenLoading message="Loading your receipt..." />;
  return (
    <SimplePage>
      <ReceiptView id={receiptId} secret={secret} receipt={query.data} />
    </SimplePage>
  );
}
