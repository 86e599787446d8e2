import { Video } from 'lucide-react';
import { StatusCard } from '@/components/status-card';
import { formatDateTime } from '@/lib/date-time';
import { BackHomeButton } from '@/pages/consent/back-home-button';

/**
 * The member's screen while the partner may record again (a retake offered). It says only that: never why, nor what
 * was heard. `until` is the retake window's end, after which the check ends with no consent.
 */
export function PartnerRecordingAgain({ until }: { until: string }) {
  const deadline = formatDateTime(until);
  return (
    <StatusCard
      icon={<Video className="h-12 w-12 animate-pulse text-rose-600" aria-hidden />}
      title="Your partner is recording again"
      actions={<BackHomeButton />}
    >
      <p>This can take a minute. Their new recording is checked as soon as they send it.</p>
      {deadline && (
        <p>
          If they have not recorded again by <time dateTime={until}>{deadline}</time>, this check ends with no consent.
        </p>
      )}
    </StatusCard>
  );
}
