import type { SiteFacts } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';

/** Public facts from GET /api/site (the default query fetches the path); the member count is read from the database. */
export function useSiteInfo() {
  return useQuery<SiteFacts>({ queryKey: ['/api/site'] });
}
