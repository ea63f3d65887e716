import { ZAdminInvoices, ZAdminInvoicesQuery } from '@starloop/contract';
import { adminProcedure } from '../../trpc/init.ts';
import { listAdminInvoices } from './admin-invoices.service.ts';

/** Any admin: a month's tax invoices and credit notes with totals net of credit notes (paise). */
export const listAdminInvoicesOperation = adminProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/admin/invoices',
      summary: "A month's tax invoices and credit notes (IST month, 50 a page), totals net of credit notes",
      description:
        'month=YYYY-MM, page, search (number, recipient, GSTIN, business code), type=all|b2b|b2c. Amounts in paise.',
      tags: ['admin', 'billing'],
    },
  })
  .input(ZAdminInvoicesQuery)
  .output(ZAdminInvoices)
  .query(({ ctx, input }) => listAdminInvoices(ctx.deps, input));
