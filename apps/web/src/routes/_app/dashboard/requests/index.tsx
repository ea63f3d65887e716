import { createFileRoute } from '@tanstack/react-router';
import { requestsRoute } from '../../../../features/owner/requests/request-lists.ts';
import { RequestsScreen } from '../../../../features/owner/requests/requests-screen.tsx';
import { titleHead } from '../../../../lib/page-title.ts';

export const Route = createFileRoute('/_app/dashboard/requests/')({
  head: titleHead('Review Requests'),
  ...requestsRoute.route,
  component: RequestsScreen,
});
