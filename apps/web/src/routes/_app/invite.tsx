import { createFileRoute } from '@tanstack/react-router';
import { InvitePage } from '../../features/auth/invite-page.tsx';
import { titleHead } from '../../lib/page-title.ts';

/** A team invitation's one-time link: /invite#token=… (owner.team.invite). */
export const Route = createFileRoute('/_app/invite')({
  head: titleHead('Join your team'),
  component: InvitePage,
});
