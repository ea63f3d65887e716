import { router } from '../../../trpc/init.ts';

/** Admin reports. */
export const adminReportsRouter = router({});
