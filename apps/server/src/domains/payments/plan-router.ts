import { router } from '../../trpc/init.ts';
import { planCreateOrderProcedure } from './plan-create-order.procedure.ts';
import { planGetProcedure } from './plan-get.procedure.ts';

/** Owner subscription plan: current period, history, renew, upgrade. */
export const ownerPlanRouter = router({
  get: planGetProcedure,
  createOrder: planCreateOrderProcedure,
});
