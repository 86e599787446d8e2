import type { SupportAuditChain, SupportSessionLookup } from '@app/contracts';
import { CircleCheck, CircleX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { formatDetails, formatUtc } from './support-format';

/** One session as the lookup answers it: its state, verdict, audit timeline, jobs and texts. */
export function SessionRecord({ record }: { record: SupportSessionLookup }) {
  const { session, verdict } = record;
  return (
    <div className="mt-6 space-y-6">
      <Section title="Session">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          <Fact label="Id" value={session.id} />
          <Fact label="QR id" value={session.qrCodeId} />
          <Fact label="Member (user id)" value={session.initiatorUserId} />
          <Fact label="Consent status" value={session.consentStatus} />
          <Fact label="AI verdict" value={session.aiVerdict ?? '-'} />
          <Fact label="Partner's decision" value={session.recipientDecision ?? '-'} />
          <Fact label="Over 18 confirmed" value={session.verifiedOver18 ? 'yes' : 'no'} />
          <Fact label="Created" value={formatUtc(session.createdAt)} />
          <Fact label="Expires" value={`${formatUtc(session.expiresAt)}${session.expired ? ' (expired)' : ''}`} />
          <Fact label="Consent granted" value={formatUtc(session.consentGrantedTime)} />
          <Fact label="Verification text sent" value={formatUtc(session.verificationTextSentAt)} />
          <Fact label="Partner's phone proved by code" value={formatUtc(session.phoneVerifiedAt)} />
          <Fact label="Last change" value={formatUtc(session.updatedAt)} />
          <Fact label="Deleted after" value={`${session.deleteAfterDays} days`} />
        </dl>
      </Section>

      <Section title="Verdict">
        {verdict ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
            <Fact label="Outcome" value={verdict.outcome} />
            <Fact label="Reasons" value={verdict.reasons.join(', ') || '-'} />
            <Fact label="Recogniser" value={verdict.recogniser ?? '-'} />
            <Fact
              label="Timings"
              value={
                Object.entries(verdict.timingsMs)
                  .map(([step, ms]) => `${step} ${ms} ms`)
                  .join(', ') || '-'
              }
            />
            <Fact label="Stored" value={formatUtc(verdict.createdAt)} />
          </dl>
        ) : (
          <p className="text-sm text-slate-600">No verdict yet.</p>
        )}
        <p className="mt-3 text-xs text-slate-500">Transcripts are never shown to support.</p>
      </Section>

      <Section title="Timeline" aside={<ChainBadge chain={record.chain} />}>
        <ol className="space-y-2 text-sm">
          {record.timeline.map((entry) => (
            <li key={entry.seq} className="rounded-lg bg-slate-50 px-3 py-2">
              <span className="font-medium text-slate-900">
                {entry.seq}. {entry.event}
              </span>{' '}
              <span className="text-slate-600">
                by {entry.actor}, {formatUtc(entry.at)}
              </span>
              {Object.keys(entry.details).length > 0 && (
                <p className="break-all text-xs text-slate-600">{formatDetails(entry.details)}</p>
              )}
            </li>
          ))}
        </ol>
      </Section>

      <Section title="Jobs">
        <Table
          head={['Queue', 'Job', 'Id', 'State']}
          rows={record.jobs.map((job) => [job.queue, job.name, job.id, job.state])}
          empty="No jobs."
        />
      </Section>

      <Section title="Text messages">
        <Table
          head={['To', 'Phone', 'Status', 'Attempts', 'Provider', 'Sent', 'Last error']}
          rows={record.textMessages.map((text) => [
            text.recipient,
            text.phone,
            text.status,
            String(text.attempts),
            text.provider ?? '-',
            formatUtc(text.sentAt),
            text.lastError ?? '-',
          ])}
          empty="No text messages."
        />
      </Section>
    </div>
  );
}

/** Whether the audit rows still recompute to the head kept on the session: anything else means they were altered. */
function ChainBadge({ chain }: { chain: SupportAuditChain }) {
  if (chain.verified) {
    return (
      <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-3 py-1 text-xs font-semibold text-emerald-800">
        <CircleCheck className="h-4 w-4" aria-hidden />
        Chain verified ({chain.length} entries)
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-red-100 px-3 py-1 text-xs font-semibold text-red-800">
      <CircleX className="h-4 w-4" aria-hidden />
      Chain BROKEN at entry {chain.brokenAtSeq}: {chain.reason}
    </span>
  );
}

function Section({ title, aside, children }: { title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        {aside}
      </div>
      {children}
    </Card>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt className="text-slate-500">{label}</dt>
      <dd className="break-all font-medium text-slate-900">{value}</dd>
    </>
  );
}

function Table({ head, rows, empty }: { head: string[]; rows: string[][]; empty: string }) {
  if (rows.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead>
          <tr>
            {head.map((label) => (
              <th key={label} className="px-2 py-1 font-medium text-slate-500">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, row) => (
            <tr key={row} className="border-t border-slate-100">
              {cells.map((cell, column) => (
                <td key={column} className="px-2 py-1 text-slate-900">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
