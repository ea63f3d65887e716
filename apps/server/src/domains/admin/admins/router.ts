import { router } from '../../../trpc/init.ts';
import { adminAdminsCreateProcedure } from './create.procedure.ts';
import { adminAdminsListProcedure } from './list.procedure.ts';
import { adminAdminsUpdateProcedure } from './update.procedure.ts';

/** Admin accounts: any admin lists them; only a super_admin creates or changes them. */
export const adminAdminsRouter = router({
  list: adminAdminsListProcedure,
  create: adminAdminsCreateProcedure,
  update: adminAdminsUpdateProcedure,
});
