import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { FullScreenLoading } from '@/components/full-screen-loading';
import { AuthenticatedRoute, ProtectedRoute } from '@/components/route-guards';
import { DeferredToaster } from '@/components/ui/deferred-toaster';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { GATE_LOADING_MESSAGE } from '@/lib/gate';
import { MEMBER_SESSION_ROUTE } from '@/pages/consent/member-session-path';
import { CONSENT_FORM_ROUTE } from '@/pages/consent-form/link-session';
import NotFound from '@/pages/not-found';

// Each screen is its own chunk so, for example, the partner's form never downloads landing or dashboard code.
const LandingPage = lazy(() => import('@/pages/landing/landing-page'));
const AuthPage = lazy(() => import('@/pages/auth/auth-page'));
const DashboardPage = lazy(() => import('@/pages/dashboard/dashboard-page'));
const NewSessionPage = lazy(() => import('@/pages/consent/new-session-page'));
const MemberSessionPage = lazy(() => import('@/pages/consent/member-session-page'));
const ConsentFormPage = lazy(() => import('@/pages/consent-form/consent-form-page'));
const ReceiptPage = lazy(() => import('@/pages/receipt/receipt-page'));
const LearnPage = lazy(() => import('@/pages/learn-page'));
const SubscribePage = lazy(() => import('@/pages/subscribe-page'));
const SuccessPage = lazy(() => import('@/pages/success-page'));
const CancelPage = lazy(() => import('@/pages/cancel-page'));
const WelcomePage = lazy(() => import('@/pages/welcome-page'));
const TestCheckoutPage = lazy(() => import('@/pages/checkout/test-checkout-page'));
const TestPortalPage = lazy(() => import('@/pages/checkout/test-portal-page'));
const ProfilePage = lazy(() => import('@/pages/profile/profile-page'));
const SupportSessionPage = lazy(() => import('@/pages/support/support-session-page'));
const HistoryPage = lazy(() => import('@/pages/history/history-page'));
const VerifyPage = lazy(() => import('@/pages/verify/verify-page'));
const PrivacyPage = lazy(() => import('@/pages/privacy-page'));

export function AppRoutes() {
  return (
    <Suspense fallback={<FullScreenLoading message={GATE_LOADING_MESSAGE} />}>
      <Routes>
        <Route path="/" element={<LandingPage />} />
        <Route path="/register" element={<AuthPage />} />
        <Route path="/login" element={<AuthPage />} />
        <Route path="/success" element={<SuccessPage />} />
        <Route path="/cancel" element={<CancelPage />} />
        <Route path="/verify" element={<VerifyPage />} />
        <Route path="/privacy" element={<PrivacyPage />} />
        <Route path={CONSENT_FORM_ROUTE} element={<ConsentFormPage />} />
        {/* The partner's receipt: no account, its secret is in the link's fragment. */}
        <Route path="/r/:receiptId" element={<ReceiptPage />} />
        {/* Not behind a gate: the API decides who is support staff, and the page says so to anyone else. */}
        <Route path="/admin/sessions/:id?" element={<SupportSessionPage />} />
        <Route element={<AuthenticatedRoute />}>
          <Route path="/subscribe" element={<SubscribePage />} />
          <Route path="/welcome" element={<WelcomePage />} />
          <Route path="/checkout/test/:sessionId" element={<TestCheckoutPage />} />
          {/* Signed in, not behind the subscription gate: a past_due member fixes the card here. */}
          <Route path="/checkout/test/portal" element={<TestPortalPage />} />
        </Route>
        <Route element={<ProtectedRoute home />}>
          <Route path="/dashboard" element={<DashboardPage />} />
        </Route>
        <Route element={<ProtectedRoute />}>
          <Route path="/consent/new" element={<NewSessionPage />} />
          <Route path={MEMBER_SESSION_ROUTE} element={<MemberSessionPage />} />
          <Route path="/learn" element={<LearnPage />} />
          <Route path="/history" element={<HistoryPage />} />
          <Route path="/profile" element={<ProfilePage />} />
        </Route>
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Suspense>
  );
}

/** The app inside a router: the browser's (main.tsx), or a fixed address's when the build prerenders a page. */
export function App({
  client,
  router: Router = BrowserRouter,
}: {
  client: QueryClient;
  router?: ComponentType<{ children: ReactNode }>;
}) {
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>
        <Router>
          <AppRoutes />
        </Router>
        <DeferredToaster />
      </AuthProvider>
    </QueryClientProvider>
  );
}
