import { ZMyDataWithdraw, ZMyDataWithdrawResult } from '@starloop/contract';
import { publicProcedure } from '../../../trpc/init.ts';
import { withdrawMyConsent } from './my-data.service.ts';

/** The holder of a verified code's session token: no further message from any business, at once. */
export const withdrawMyConsentOperation = publicProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/my-data/withdraw',
      summary: 'Withdraw consent: no business using StarLoop messages the verified phone or email again',
      tags: ['my-data'],
    },
  })
  .input(ZMyDataWithdraw)
  .output(ZMyDataWithdrawResult)
  .mutation(({ ctx, input }) => withdrawMyConsent(ctx.deps, input));
