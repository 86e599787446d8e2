import type { SupportSessionLookup } from '@app/contracts';
import { segment } from '@/lib/api/api';
import { request } from '@/lib/api/http';

/** Support and admin staff only: one session's timeline, jobs, texts and verdict, without personal data. */
export const supportSession = (id: string) =>
  request<SupportSessionLookup>('GET', `/api/admin/sessions/${segment(id)}`);
