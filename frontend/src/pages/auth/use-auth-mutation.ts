import type { AuthResponse } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/components/ui/use-toast';
import { readableError } from '@/lib/api/api-error';
import { useAuth } from '@/lib/auth/use-auth';
import { POST_LOGIN_REDIRECT_DELAY_MS } from '@/lib/constants';
import { postLoginDestination } from '@/lib/gate';
import { useReturnPath } from '@/pages/auth/use-return-path';

/**
 * Posts credentials, signs the user in locally and moves on (back to the page asked for, if any); failures become a
 * toast with the server's message.
 */
export function useAuthMutation<TPayload>(signIn: (payload: TPayload) => Promise<AuthResponse>, failureTitle: string) {
  const { login } = useAuth();
  const navigate = useNavigate();
  const returnTo = useReturnPath();

  return useMutation({
    mutationFn: signIn,
    onSuccess: (data) => {
      login(data);
      setTimeout(() => navigate(postLoginDestination(data.user, returnTo)), POST_LOGIN_REDIRECT_DELAY_MS);
    },
    onError: (error) => {
      toast({ title: failureTitle, description: readableError(error), variant: 'destructive' });
    },
  });
}
