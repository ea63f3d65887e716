import { router } from '../../../trpc/init.ts';
import { deleteLeadProcedure } from './delete.procedure.ts';
import { listLeadsProcedure } from './list.procedure.ts';
import { updateLeadProcedure } from './update.procedure.ts';

/** Admin leads: admin.leads.list / update / delete (creation is public.lead.create). */
export const adminLeadsRouter = router({
  list: listLeadsProcedure,
  update: updateLeadProcedure,
  delete: deleteLeadProcedure,
});
