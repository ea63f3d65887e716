import { router } from '../../../trpc/init.ts';
import { adminUsersDeleteProcedure } from './delete.procedure.ts';
import { adminUsersListProcedure } from './list.procedure.ts';
import { adminUsersUpdateProcedure } from './update.procedure.ts';

/** Admin users management: list, edit, soft delete. */
export const adminUsersRouter = router({
  list: adminUsersListProcedure,
  update: adminUsersUpdateProcedure,
  delete: adminUsersDeleteProcedure,
});
