import { router } from '../../../trpc/init.ts';
import { adminManualPaymentsListProcedure } from './list.procedure.ts';

/** Admin manual payments (view only; they are created by onboarding). */
export const adminManualPaymentsRouter = router({
  list: adminManualPaymentsListProcedure,
});
