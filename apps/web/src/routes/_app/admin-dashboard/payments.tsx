import { createFileRoute } from '@tanstack/react-router';
import { PaymentsScreen } from '../../../features/admin/payments/payments-screen.tsx';
import { titleHead } from '../../../lib/page-title.ts';

export const Route = createFileRoute('/_app/admin-dashboard/payments')({
  head: titleHead('Payments Management'),
  component: PaymentsScreen,
});
