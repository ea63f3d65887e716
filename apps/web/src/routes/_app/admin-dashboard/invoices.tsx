import { createFileRoute } from '@tanstack/react-router';
import { invoicesList } from '../../../features/admin/invoices/invoices-list.ts';
import { InvoicesScreen } from '../../../features/admin/invoices/invoices-screen.tsx';
import { titleHead } from '../../../lib/page-title.ts';

/** The operator's books (issue 32 item 10): a month's invoices and credit notes. Any admin. */
export const Route = createFileRoute('/_app/admin-dashboard/invoices')({
  head: titleHead('Invoices'),
  ...invoicesList.route,
  component: InvoicesScreen,
});
