import { router } from '../../../trpc/init.ts';
import { adminPaymentsListProcedure } from './list.procedure.ts';

/** Admin payments management (view only). */
export const adminPaymentsRouter = router({
  list: adminPaymentsListProcedure,
});
