import { useAuth } from '@/lib/auth/use-auth';

/**
 * Signs out and returns to the landing page with a full page load: a client-side move would race the protected
 * route's redirect to /register, and a fresh load leaves nothing of the member's data in memory on a shared phone.
 */
export function useSignOut(): () => Promise<void> {
  const { logout } = useAuth();

  return async () => {
    await logout();
    window.location.assign('/');
  };
}
