import type { User } from '@app/contracts';
import { LogOut } from 'lucide-react';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { displayName } from '@/lib/auth/display-name';

export function DashboardHeader({ user, onLogout }: { user: User; onLogout: () => void }) {
  return (
    <header className="flex items-center justify-between gap-3">
      <div className="flex min-w-0 items-center gap-3">
        {user.profile_picture_url ? (
          <img
            src={user.profile_picture_url}
            alt="Your profile picture"
            className="h-12 w-12 shrink-0 rounded-full border-2 border-white object-cover shadow"
          />
        ) : (
          <Logo iconOnly />
        )}
        <p className="break-words text-base font-semibold leading-tight text-slate-900 sm:text-lg">
          Welcome back, {displayName(user)}!
        </p>
      </div>
      <Button variant="ghost" size="sm" className="shrink-0" onClick={onLogout}>
        <LogOut className="h-4 w-4" aria-hidden />
        Logout
      </Button>
    </header>
  );
}
