import { CircleX } from 'lucide-react';
import { StatusCard } from '@/components/status-card';
import { SAFETY_SUPPORT } from '@/content/safety-support';
import { TEXT_SENT_NOTE } from '@/pages/consent-form/result-step';

/** After a No to a safety question: support for the partner (the member's screen shows only 'No Consent'). */
export function SafetySupport({ textSent }: { textSent: boolean }) {
  return (
    <StatusCard icon={<CircleX className="h-12 w-12 text-rose-600" aria-hidden />} title={SAFETY_SUPPORT.title}>
      <p>{SAFETY_SUPPORT.text}</p>
      <ul className="space-y-2 text-left">
        {SAFETY_SUPPORT.resources.map(({ name, phone }) => (
          <li key={phone}>
            {name}:{' '}
            <a className="font-semibold text-rose-700 underline" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
              {phone}
            </a>
          </li>
        ))}
      </ul>
      {textSent && <p>{TEXT_SENT_NOTE}</p>}
    </StatusCard>
  );
}
