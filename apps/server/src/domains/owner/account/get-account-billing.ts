import { ZAccountBilling } from '@starloop/contract';
import { accountProcedure } from '../../../trpc/init.ts';
import { getAccountBilling } from './account-billing.service.ts';

/** The account's owners (or an API key), as billing is theirs: the details its invoices carry. */
export const getAccountBillingOperation = accountProcedure('account')
  .meta({
    rest: {
      method: 'GET',
      path: '/v1/account/billing',
      summary: "The account's billing details for its invoices (legal name, address, state, GSTIN)",
      tags: ['account', 'billing'],
    },
  })
  .output(ZAccountBilling)
  .query(({ ctx }) => getAccountBilling(ctx.deps, ctx.session));
