import { router } from '../../../trpc/init.ts';

/** Admin admins. */
export const adminAdminsRouter = router({});
