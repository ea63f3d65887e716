import { ZOwnerPlan } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { getOwnerPlan } from './plan.service.ts';

/** The signed-in owner. Their own plan, period, grace state and payment history. */
export const getOwnerPlanOperation = ownerProcedure('account')
  .meta({ allowPendingOwner: true })
  .output(ZOwnerPlan)
  .query(({ ctx }) => getOwnerPlan(ctx.deps, ctx.session.owner));
