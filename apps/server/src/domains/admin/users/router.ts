import { router } from '../../../trpc/init.ts';

/** Admin users. */
export const adminUsersRouter = router({});
