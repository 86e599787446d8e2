import { BookOpen, House, User } from 'lucide-react';
import { NavLink } from 'react-router-dom';
import { cn } from '@/lib/utils';

const itemClasses = 'flex flex-1 flex-col items-center gap-1 py-2 text-xs font-medium transition-colors';

function linkClasses({ isActive }: { isActive: boolean }) {
  return cn(itemClasses, isActive ? 'text-rose-600' : 'text-slate-500 hover:text-slate-800');
}

/** Member area navigation, fixed to the bottom like a native app. */
export function BottomNav() {
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
    >
      <div className="mx-auto flex max-w-md">
        <NavLink to="/dashboard" className={linkClasses}>
          <House className="h-5 w-5" aria-hidden />
          Home
        </NavLink>
        <NavLink to="/learn" className={linkClasses}>
          <BookOpen className="h-5 w-5" aria-hidden />
          Learn
        </NavLink>
        <NavLink to="/profile" className={linkClasses}>
          <User className="h-5 w-5" aria-hidden />
          Profile
        </NavLink>
      </div>
    </nav>
  );
}
