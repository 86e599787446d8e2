import { BookOpen, History, Plus } from 'lucide-react';
import { Link } from 'react-router-dom';
import { BottomNav } from '@/components/bottom-nav';
import { buttonClasses } from '@/components/ui/button';
import { useAuth } from '@/lib/auth/use-auth';
import { useSignOut } from '@/lib/auth/use-sign-out';
import { SPLASH_MAIN_STEP } from '@/lib/constants';
import { DashboardHeader } from '@/pages/dashboard/dashboard-header';
import { DeletionBanner } from '@/pages/dashboard/deletion-banner';
import { SplashScreen } from '@/pages/dashboard/splash-screen';
import { UpgradeBanner } from '@/pages/dashboard/upgrade-banner';
import { useSplashStep } from '@/pages/dashboard/use-splash-step';
import { useUpgradeBanner } from '@/pages/dashboard/use-upgrade-banner';
import { MemberPhoneCard } from '@/pages/member-phone/member-phone-card';

export default function DashboardPage() {
  const { user } = useAuth();
  const signOut = useSignOut();
  const step = useSplashStep();
  const splashDone = step >= SPLASH_MAIN_STEP;
  const showUpgradeBanner = useUpgradeBanner(splashDone);

  // The protected route only renders this page with a loaded user.
  if (!user) return null;
  if (!splashDone) return <SplashScreen step={step} />;

  return (
    <div className="min-h-dvh bg-gradient-to-b from-rose-50 to-slate-50 pb-28">
      <div className="mx-auto flex max-w-md flex-col gap-5 px-4 pt-6">
        <DashboardHeader user={user} onLogout={() => void signOut()} />
        {!user.phoneVerified && <MemberPhoneCard user={user} />}
        {showUpgradeBanner && <UpgradeBanner />}
        <DeletionBanner />
        <main className="flex flex-col gap-5">
          {user.phoneVerified && (
            <section className="rounded-3xl bg-gradient-to-br from-rose-500 to-rose-700 p-6 text-white shadow-lg">
              <h1 className="text-3xl font-bold leading-tight">Starting something romantic?</h1>
              <p className="mt-3 text-rose-100">
                Ask first. Show your partner a QR code and they record their answer on their own phone.
              </p>
              <Link
                to="/consent/new"
                className={buttonClasses({ variant: 'light', size: 'lg', className: 'mt-6 w-full' })}
              >
                <Plus className="h-5 w-5" aria-hidden />
                Start New
              </Link>
            </section>
          )}
          <Link
            to="/learn"
            className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-rose-300"
          >
            <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-rose-50 text-rose-600">
              <BookOpen className="h-5 w-5" aria-hidden />
            </span>
            <span>
              <span className="block font-semibold text-slate-900">Consent, the basics</span>
              <span className="block text-sm text-slate-600">What a real yes looks like, and how to check in.</span>
            </span>
          </Link>
          <Link
            to="/history"
            className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-rose-300"
          >
            <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-rose-50 text-rose-600">
              <History className="h-5 w-5" aria-hidden />
            </span>
            <span>
              <span className="block font-semibold text-slate-900">Your check-ins</span>
              <span className="block text-sm text-slate-600">Past answers and their signed certificates.</span>
            </span>
          </Link>
        </main>
      </div>
      <BottomNav />
    </div>
  );
}
