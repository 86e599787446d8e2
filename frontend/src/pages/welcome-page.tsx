import { PartyPopper } from 'lucide-react';
import { Link } from 'react-router-dom';
import { SimplePage } from '@/components/simple-page';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { displayName } from '@/lib/auth/display-name';
import { useAuth } from '@/lib/auth/use-auth';
import { PRODUCT_NAME } from '@/lib/brand';

export default function WelcomePage() {
  const { user } = useAuth();
  if (!user) return null;
  const active = user.subscriptionStatus === 'active';

  return (
    <SimplePage>
      <Card className="text-center">
        <PartyPopper className="mx-auto h-12 w-12 text-rose-600" aria-hidden />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">
          Welcome to {PRODUCT_NAME}, {displayName(user)}!
        </h1>
        <p className="mt-2 text-sm text-slate-600">
          {active
            ? 'Your subscription is active. Whenever the moment comes, start a session from your home screen.'
            : 'Your account is ready. Choose a plan to start recording consent sessions.'}
        </p>
        <Link
          to={active ? '/dashboard' : '/subscribe'}
          className={buttonClasses({ size: 'lg', className: 'mt-6 w-full' })}
        >
          {active ? 'Go to my home screen' : 'Choose a plan'}
        </Link>
      </Card>
    </SimplePage>
  );
}
