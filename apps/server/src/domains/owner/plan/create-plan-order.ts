import { ZPaymentOrder, ZPlanCreateOrder } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { createPlanOrder } from './plan.service.ts';

/** The signed-in owner, for their own subscription. A renewal or upgrade order; settles via verify/webhook. */
export const createPlanOrderOperation = ownerProcedure('account')
  .meta({ allowPendingOwner: true })
  .input(ZPlanCreateOrder)
  .output(ZPaymentOrder)
  .mutation(({ ctx, input }) =>
    createPlanOrder(ctx.deps, ctx.session.owner, input, { ip: ctx.ip, userAgent: ctx.userAgent }),
  );
