import { createFileRoute } from '@tanstack/react-router';
import { RequestsScreen } from '../../../../features/owner/requests/requests-screen.tsx';
import { titleHead } from '../../../../lib/page-title.ts';

export const Route = createFileRoute('/_app/dashboard/requests/')({
  head: titleHead('Review Requests'),
  component: RequestsScreen,
});
