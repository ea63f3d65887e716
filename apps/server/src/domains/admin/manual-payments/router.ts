import { router } from '../../../trpc/init.ts';

/** Admin manual-payments. */
export const adminManualPaymentsRouter = router({});
