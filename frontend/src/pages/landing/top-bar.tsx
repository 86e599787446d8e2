import { Link } from 'react-router-dom';
import { Logo } from '@/components/logo';
import { buttonClasses } from '@/components/ui/button';
import { useAuth } from '@/lib/auth/use-auth';
import { PRODUCT_NAME } from '@/lib/brand';

const ANCHORS = [
  { href: '#features', label: 'Features' },
  { href: '#how-it-works', label: 'How it works' },
  { href: '#pricing', label: 'Pricing' },
];

/** Sign-in buttons for a visitor; a member signed in here (asked only then) is offered their Dashboard instead. */
export function TopBar() {
  const { user } = useAuth('if-signed-in-here');

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
        <Link to="/" aria-label={`${PRODUCT_NAME} home`}>
          <Logo />
        </Link>
        <nav aria-label="Sections" className="hidden items-center gap-6 md:flex">
          {ANCHORS.map(({ href, label }) => (
            <a key={href} href={href} className="text-sm font-medium text-slate-600 hover:text-slate-900">
              {label}
            </a>
          ))}
        </nav>
        {user ? (
          <Link to="/dashboard" className={buttonClasses({ size: 'sm' })}>
            Dashboard
          </Link>
        ) : (
          <>
            <div className="hidden items-center gap-2 md:flex">
              <Link to="/login" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
                Login
              </Link>
              <Link to="/register" className={buttonClasses({ size: 'sm' })}>
                Get Started
              </Link>
            </div>
            <Link to="/login" className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'md:hidden' })}>
              Log In
            </Link>
          </>
        )}
      </div>
    </header>
  );
}
