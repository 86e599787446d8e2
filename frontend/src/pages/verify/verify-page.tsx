import type { CertificateRefusal, CertificateVerification, RecordingVerification, RecordState } from '@app/contracts';
import { type ChangeEvent, useState } from 'react';
import { isApiError } from '@/lib/api/api-error';
import { request } from '@/lib/api/http';

type Outcome =
  | { kind: 'certificate'; answer: CertificateVerification }
  | { kind: 'recording'; answer: RecordingVerification }
  | { kind: 'error'; message: string };

function stateWords(state: RecordState | null): string {
  if (!state) return '';
  const parts = [
    state.withdrawn ? 'The partner has since withdrawn their consent.' : 'Consent has not been withdrawn.',
  ];
  if (state.recordingDeleted) parts.push("The recording was deleted at the partner's request.");
  return parts.join(' ');
}

/** Refusals about the file's form, which a changed or hand-made file shows. */
const REASON_WORDS: Partial<Record<CertificateRefusal, string>> = {
  duplicate_key: 'This certificate file is not valid: a field appears twice in it.',
  unknown_field: 'This certificate file is not valid: it has fields a ConsentIQ certificate does not have.',
  malformed_certificate: 'This certificate file is not valid: it is not in the form of a ConsentIQ certificate.',
  signature_not_canonical: 'This certificate file is not valid: its signature is not written as ConsentIQ writes it.',
};

/** What a check found, in plain words. */
export function outcomeWords(outcome: Outcome): string {
  if (outcome.kind === 'error') return outcome.message;
  if (outcome.kind === 'recording') {
    const { matches } = outcome.answer;
    if (matches.length === 0) return 'This recording does not match any ConsentIQ record.';
    if (matches.length === 1) return `This recording matches a ConsentIQ record. ${stateWords(matches[0].state)}`;
    // Every record, each by the session id its certificate names: one recording proves one consent, so say so.
    const each = matches.map(({ sessionId, state }) => `Session ${sessionId}: ${stateWords(state)}`).join(' ');
    return `This recording matches ${matches.length} ConsentIQ records. ${each}`;
  }
  const { signatureValid, matchesRecord, state, reason } = outcome.answer;
  if (reason && REASON_WORDS[reason]) return REASON_WORDS[reason];
  if (!signatureValid) return 'This certificate was not signed by ConsentIQ, or it was changed after signing.';
  if (!matchesRecord) return 'The signature is genuine, but the certificate no longer matches our record.';
  return `This certificate is genuine and matches our record. ${stateWords(state)}`;
}

/** FileReader rather than `file.text()`, which older mobile browsers lack. */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

/** A PDF's header, which readers look for in its first kilobyte: a phone may name or type the file anyhow. */
async function isPdf(file: File): Promise<boolean> {
  return (await readText(file.slice(0, 1024))).includes('%PDF-');
}

/**
 * A certificate PDF goes as it is: the server reads the certificate file attached to it. A JSON file's text is sent as
 * it is: parsed and written again, a field written twice would no longer show.
 */
async function checkCertificate(file: File): Promise<Outcome> {
  if (await isPdf(file))
    return {
      kind: 'certificate',
      answer: await request<CertificateVerification>('POST', '/api/verify/certificate.pdf', { file }),
    };
  const text = await readText(file);
  try {
    JSON.parse(text);
  } catch {
    return { kind: 'error', message: 'That file is not a certificate (PDF or JSON) file.' };
  }
  return {
    kind: 'certificate',
    answer: await request<CertificateVerification>('POST', '/api/verify/certificate', { file: new Blob([text]) }),
  };
}

async function checkRecording(file: File): Promise<Outcome> {
  return { kind: 'recording', answer: await request<RecordingVerification>('POST', '/api/verify/recording', { file }) };
}

function errorOutcome(error: unknown): Outcome {
  if (isApiError(error, 'validation_failed') || isApiError(error, 'no_certificate_in_pdf'))
    return { kind: 'error', message: 'That file is not a ConsentIQ certificate.' };
  if (isApiError(error, 'body_too_large'))
    return { kind: 'error', message: 'That file is too large to be a certificate of ours.' };
  if (isApiError(error, 'recording_too_large'))
    return { kind: 'error', message: 'That file is too large to be a recording of ours.' };
  if (isApiError(error, 'rate_limited'))
    return { kind: 'error', message: 'Too many checks from here. Please wait and try again.' };
  return { kind: 'error', message: 'The check could not be made. Please try again.' };
}

/** Public: anyone checks a certificate file or a recording against our records, learning nothing else. */
export default function VerifyPage() {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);

  const pick = (check: (file: File) => Promise<Outcome>) => (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    setOutcome(null);
    // Never rejects: errorOutcome turns every failure into an outcome.
    void check(file)
      .catch(errorOutcome)
      .then((found) => {
        setOutcome(found);
        setBusy(false);
      });
  };

  const good = outcome && outcome.kind !== 'error' && outcome.answer.matchesRecord;
  return (
    <div className="min-h-dvh bg-slate-50">
      <main className="mx-auto max-w-xl px-4 py-8">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Verify a record</h1>
        <p className="mt-2 text-slate-700">
          Check a ConsentIQ certificate (the PDF or the JSON file), or a recording, against our records. Files are
          checked and forgotten: nothing is stored, and nothing about the people involved is shown.
        </p>
        <label className="mt-6 block rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
          <span className="block font-semibold text-slate-900">Certificate file (PDF or JSON)</span>
          <input
            type="file"
            accept="application/pdf,.pdf,application/json,.json"
            disabled={busy}
            onChange={pick(checkCertificate)}
            className="mt-2 block w-full text-sm"
          />
        </label>
        <label className="mt-3 block rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
          <span className="block font-semibold text-slate-900">Recording file</span>
          <input
            type="file"
            accept="video/*,audio/*"
            disabled={busy}
            onChange={pick(checkRecording)}
            className="mt-2 block w-full text-sm"
          />
        </label>
        {busy && <p className="mt-4 text-slate-600">Checking…</p>}
        {outcome && (
          <p
            role="status"
            className={`mt-4 rounded-xl p-4 ${good ? 'bg-emerald-50 text-emerald-900' : 'bg-amber-50 text-amber-900'}`}
          >
            {outcomeWords(outcome)}
          </p>
        )}
      </main>
    </div>
  );
}
