import { SearchX } from 'lucide-react';
import { SimplePage } from '@/components/simple-page';
import { StatusCard } from '@/components/status-card';

/** The link does not lead to a session the partner may open (unknown, expired, or a wrong token). */
export function SessionNotFound({ qrCodeId, message }: { qrCodeId: string | undefined; message: string }) {
  return (
    <SimplePage>
      <StatusCard icon={<SearchX className="h-12 w-12 text-rose-600" aria-hidden />} title="Session Not Found">
        <p role="alert">{message}</p>
        {qrCodeId && (
          <p>
            QR code: <code className="break-all rounded bg-slate-100 px-1.5 py-0.5 text-slate-800">{qrCodeId}</code>
          </p>
        )}
        <p>Ask the person who showed you the code to start a new one.</p>
      </StatusCard>
    </SimplePage>
  );
}
