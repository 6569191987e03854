import {
  joinWaitlistResponseSchema,
  listWaitlistResponseSchema,
  type JoinWaitlistRequest,
  type JoinWaitlistResponse,
  type ListWaitlistResponse,
} from '@contracts/waitlist';
import type { ApiClient } from '@/lib/api';

/** POST /waitlist (public). */
export function joinWaitlist(api: ApiClient, body: JoinWaitlistRequest): Promise<JoinWaitlistResponse> {
  return api.request('/waitlist', { method: 'POST', body, schema: joinWaitlistResponseSchema, auth: false });
}

/** GET /admin/waitlist: one page, newest first (admins only; anyone else gets 403). */
export function listWaitlistPage(api: ApiClient, cursor?: string, signal?: AbortSignal, limit?: number): Promise<ListWaitlistResponse> {
  const params = new URLSearchParams();
  if (cursor) params.set('cursor', cursor);
  if (limit) params.set('limit', String(limit));
  const query = params.size ? `?${params}` : '';
  return api.request(`/admin/waitlist${query}`, { schema: listWaitlistResponseSchema, signal });
}
