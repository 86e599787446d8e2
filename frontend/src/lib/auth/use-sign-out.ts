import { useNavigate } from 'react-router-dom';
import { useAuth } from '@/lib/auth/use-auth';

/** Signs out and returns to the landing page. */
export function useSignOut(): () => void {
  const { logout } = useAuth();
  const navigate = useNavigate();

  return () => {
    // Leave first, so a gated page does not bounce to /register while the session clears.
    navigate('/', { replace: true });
    void logout();
  };
}
