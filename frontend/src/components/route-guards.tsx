import { Navigate, Outlet } from 'react-router-dom';
import { FullScreenLoading } from '@/components/full-screen-loading';
import { useAuth } from '@/lib/auth/use-auth';
import { authenticatedGate, protectedGate, type GateDecision } from '@/lib/gate';

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

/** Layout route for members with an active subscription. */
export function ProtectedRoute({ home = false }: { home?: boolean }) {
  return renderDecision(protectedGate(useAuth(), { home }));
}

/** Layout route for any signed-in user. */
export function AuthenticatedRoute() {
  return renderDecision(authenticatedGate(useAuth()));
}
