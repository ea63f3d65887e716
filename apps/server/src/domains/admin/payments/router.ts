import { router } from '../../../trpc/init.ts';

/** Admin payments. */
export const adminPaymentsRouter = router({});
