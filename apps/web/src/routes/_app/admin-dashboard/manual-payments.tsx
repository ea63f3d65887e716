import { createFileRoute } from '@tanstack/react-router';
import { ManualPaymentsScreen } from '../../../features/admin/manual-payments/manual-payments-screen.tsx';
import { manualPaymentsList } from '../../../features/admin/shared/admin-lists.ts';
import { titleHead } from '../../../lib/page-title.ts';

export const Route = createFileRoute('/_app/admin-dashboard/manual-payments')({
  head: titleHead('Manual Payments'),
  ...manualPaymentsList.route,
  component: ManualPaymentsScreen,
});
