import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { FullScreenLoading } from '@/components/full-screen-loading';
import { useAuth } from '@/lib/auth/use-auth';
import { authenticatedGate, type GateDecision, protectedGate } from '@/lib/gate';

function renderDecision(decision: GateDecision) {
  switch (decision.kind) {
    case 'loading':
      return <FullScreenLoading message={decision.message} />;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'allow':
      return <Outlet />;
  }
}

/** The page asked for, kept through the sign-in it may need. */
function useAskedPath(): string {
  const { pathname, search, hash } = useLocation();
  return `${pathname}${search}${hash}`;
}

/** Layout route for members with an active subscription. */
export function ProtectedRoute({ home = false }: { home?: boolean }) {
  return renderDecision(protectedGate(useAuth('member'), { home, asked: useAskedPath() }));
}

/** Layout route for any signed-in user. */
export function AuthenticatedRoute() {
  return renderDecision(authenticatedGate(useAuth('member'), useAskedPath()));
}
