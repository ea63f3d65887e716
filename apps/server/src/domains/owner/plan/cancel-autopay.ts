import { ZMessageResult } from '@starloop/contract';
import { z } from 'zod';
import { ownerProcedure } from '../../../trpc/init.ts';
import { cancelAutopay } from '../../payments/autopay.service.ts';

/** The branch's owners: AutoPay off at once (no further charge); the paid period runs on. */
export const cancelAutopayOperation = ownerProcedure('account')
  .meta({
    rest: {
      method: 'DELETE',
      path: '/users/autopay',
      summary: 'Switch AutoPay off: the Razorpay subscription is cancelled at once',
      tags: ['billing'],
    },
  })
  .input(z.object({}).optional())
  .output(ZMessageResult)
  .mutation(({ ctx }) => cancelAutopay(ctx.deps, ctx.session.owner));
