import { ZAccountBilling, ZAccountBillingWrite } from '@starloop/contract';
import { z } from 'zod';
import { accountProcedure } from '../../../trpc/init.ts';
import { updateAccountBilling } from './account-billing.service.ts';

/** The account's owners (or an API key); audited. A bad GSTIN or state is a 400 naming the field. */
export const updateAccountBillingOperation = accountProcedure('account')
  .meta({
    rest: {
      method: 'PUT',
      path: '/v1/account/billing',
      summary: "Save the account's billing details",
      description:
        "Body: `{ legalName, address, state, gstin? }`. A GSTIN (optional) is checked for its shape, its check character and that its first two digits are the state's.",
      tags: ['account', 'billing'],
    },
  })
  .input(ZAccountBillingWrite)
  .output(z.object({ success: z.literal(true), message: z.string(), billing: ZAccountBilling }))
  .mutation(({ ctx, input }) => updateAccountBilling(ctx.deps, ctx.session, input, ctx.ip));
