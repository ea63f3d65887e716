import { ZOwnerInvoices } from '@starloop/contract';
import { accountProcedure } from '../../trpc/init.ts';
import { listOwnerInvoices } from './owner-invoices.service.ts';

/** The account's owners (or an API key), as billing is theirs: every invoice and credit note. */
export const listOwnerInvoicesOperation = accountProcedure('account')
  .meta({
    rest: {
      method: 'GET',
      path: '/users/invoices',
      summary: "The account's tax invoices and credit notes, newest first (amounts in paise)",
      description: 'The PDF of each is at GET /api/users/invoices/{id}/pdf.',
      tags: ['billing'],
    },
  })
  .output(ZOwnerInvoices)
  .query(({ ctx }) => listOwnerInvoices(ctx.deps, ctx.session));
