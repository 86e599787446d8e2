import { useSearchParams } from 'react-router-dom';
import { RETURN_PARAM, safeReturnPath } from '@/lib/auth/return-path';

/** The page this sign-in was asked for by (a member page's gate), if it is one of this site's. */
export function useReturnPath(): string | null {
  return safeReturnPath(useSearchParams()[0].get(RETURN_PARAM));
}
