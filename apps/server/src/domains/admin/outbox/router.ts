import { router } from '../../../trpc/init.ts';
import { listOutboxProcedure } from './list.procedure.ts';

/** Admin mail outbox: admin.outbox.list. */
export const adminOutboxRouter = router({
  list: listOutboxProcedure,
});
