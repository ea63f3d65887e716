import { router } from '../../../trpc/init.ts';

/** Admin agents. */
export const adminAgentsRouter = router({});
