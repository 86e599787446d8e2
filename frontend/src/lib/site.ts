import { useQuery } from '@tanstack/react-query';

/** Public facts from GET /api/site; the member count is read from the database. */
export interface SiteInfo {
  memberCount: number;
  supportEmail: string;
  paymentProvider: string;
  paymentPublishableKey: string;
}

export function useSiteInfo() {
  return useQuery<SiteInfo>({ queryKey: ['/api/site'] });
}
