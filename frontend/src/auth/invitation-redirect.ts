import { redirectTarget } from '@/auth/RequireAuth';

/** A signed-out visitor sent to /auth from an invitation link: the address it was sent to, when the link names it. */
export interface InvitationRedirect {
  email: string | null;
}

/** Whether /auth was reached from an invitation link (`/invitations/{id}?email=...`), and for which address. */
export function invitationRedirect(state: unknown): InvitationRedirect | null {
  const from = redirectTarget(state);
  if (!from.startsWith('/invitations/')) return null;
  const email = new URL(from, 'https://app.invalid').searchParams.get('email')?.trim();
  return { email: email || null };
}
