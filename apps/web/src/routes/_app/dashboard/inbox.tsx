import { createFileRoute } from '@tanstack/react-router';
import { InboxScreen } from '../../../features/owner/cases/inbox-screen/inbox-screen.tsx';
import { inboxRoute } from '../../../features/owner/cases/inbox-search.ts';
import { titleHead } from '../../../lib/page-title.ts';

/** The feedback inbox (issue 33): every case of the branches the person works on; `?case=` opens one. */
export const Route = createFileRoute('/_app/dashboard/inbox')({
  head: titleHead('Inbox'),
  ...inboxRoute,
  component: InboxScreen,
});
