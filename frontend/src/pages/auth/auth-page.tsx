import { useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { SimplePage } from '@/components/simple-page';
import { Card } from '@/components/ui/card';
import { useAuth } from '@/lib/auth/use-auth';
import { guestGate, settledSignedIn } from '@/lib/gate';
import { useIsHydrating } from '@/lib/hydration';
import { HomeScreenHint } from '@/pages/auth/home-screen-hint';
import { LoginForm } from '@/pages/auth/login-form';
import { RegisterForm } from '@/pages/auth/register-form';
import { useReturnPath } from '@/pages/auth/use-return-path';

/** One screen for /register and /login; the path decides which form shows. */
export default function AuthPage() {
  const { pathname, search } = useLocation();
  const isRegister = pathname === '/register';
  const gate = guestGate(useArrivedSignedIn(), useReturnPath());
  // The page asked for, if any, stays asked for on the other form; not in the prerendered page's first render.
  const keptSearch = useIsHydrating() ? '' : search;
  if (gate.kind === 'redirect') return <Navigate to={gate.to} replace />;

  return (
    <SimplePage>
      <Card padding="p-6 sm:p-8">
        <h1 className="text-center text-2xl font-bold text-slate-900">
          {isRegister ? 'Create your account' : 'Welcome back'}
        </h1>
        <p className="mb-6 mt-2 text-center text-sm text-slate-600">
          {isRegister ? 'It takes about a minute.' : 'Sign in to continue.'}
        </p>
        {isRegister ? <RegisterForm /> : <LoginForm />}
        <p className="mt-6 text-center text-sm text-slate-600">
          {isRegister ? 'Already have an account? ' : 'New here? '}
          <Link
            to={{ pathname: isRegister ? '/login' : '/register', search: keptSearch }}
            className="font-semibold text-rose-700 hover:underline"
          >
            {isRegister ? 'Sign in' : 'Create an account'}
          </Link>
        </p>
      </Card>
      <HomeScreenHint />
    </SimplePage>
  );
}

/** The auth state as it first settled on this page (a sign-in made here later does not change it). */
function useArrivedSignedIn(): boolean | null {
  const settled = settledSignedIn(useAuth('if-signed-in-here'));
  const [arrived, setArrived] = useState<boolean | null>(null);
  if (arrived === null && settled !== null) setArrived(settled);
  return arrived ?? settled;
}
