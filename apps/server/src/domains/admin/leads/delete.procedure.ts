import { ZAdminOpsDeleteResult, ZAdminOpsIdParam } from '@starloop/contract';
import { adminProcedure } from '../../../trpc/init.ts';
import { deleteLead } from './leads.service.ts';

/** Who: any signed-in admin. Deletes one lead. */
export const deleteLeadProcedure = adminProcedure
  .input(ZAdminOpsIdParam)
  .output(ZAdminOpsDeleteResult)
  .mutation(({ ctx, input }) => deleteLead(ctx.deps, input.id, ctx.session.admin));
