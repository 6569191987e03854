import { MailIcon } from 'lucide-react';

/** On /auth from an invitation link: what to do to join, with the invited address when the link names it. */
export function InvitationNotice({ email }: { email: string | null }) {
  return (
    <p role="note" className="mt-2 flex items-start gap-2 rounded-lg border border-primary/30 bg-primary/5 p-3 text-left text-sm">
      <MailIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      <span>
        You have been invited to join a team.{' '}
        {email ? (
          <>
            New here? Sign up with <strong>{email}</strong>, the address the invitation was sent to. Already have an
            account with it? Sign in.
          </>
        ) : (
          <>New here? Sign up with the address the invitation was sent to. Already have an account with it? Sign in.</>
        )}
      </span>
    </p>
  );
}
