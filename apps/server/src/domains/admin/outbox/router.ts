import { router } from '../../../trpc/init.ts';

/** Admin outbox. */
export const adminOutboxRouter = router({});
