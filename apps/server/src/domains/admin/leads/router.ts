import { router } from '../../../trpc/init.ts';

/** Admin leads. */
export const adminLeadsRouter = router({});
