import type { User } from '@app/contracts';
import { CircleAlert } from 'lucide-react';
import { SimplePage } from '@/components/simple-page';
import { StatusCard } from '@/components/status-card';
import { displayName } from '@/lib/auth/display-name';

/**
 * The partner's page opened in a browser signed in as the session's own member: the partner is a second person on
 * their own phone, so nothing here can be answered or recorded (the server refuses it too).
 */
export function MembersOwnPhone({ member }: { member: Pick<User, 'fullName'> }) {
  return (
    <SimplePage>
      <StatusCard
        icon={<CircleAlert className="h-12 w-12 text-slate-500" aria-hidden />}
        title="Your partner answers on their phone"
      >
        <p role="status">This phone is signed in as {displayName(member)}. Your partner answers on their own phone.</p>
      </StatusCard>
    </SimplePage>
  );
}
