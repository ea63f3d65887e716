import { createFileRoute } from '@tanstack/react-router';
import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';
import { titleHead } from '../../../lib/page-title.ts';

export const Route = createFileRoute('/_app/admin-dashboard/payments')({
  head: titleHead('Payments Management'),
  component: () => <ScreenPlaceholder title="Payments Management" />,
});
