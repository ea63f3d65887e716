import { createFileRoute } from '@tanstack/react-router';
import { PaymentsScreen } from '../../../features/admin/payments/payments-screen.tsx';
import { paymentsList } from '../../../features/admin/shared/admin-lists.ts';
import { titleHead } from '../../../lib/page-title.ts';

export const Route = createFileRoute('/_app/admin-dashboard/payments')({
  head: titleHead('Payments Management'),
  ...paymentsList.route,
  component: PaymentsScreen,
});
