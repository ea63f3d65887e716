import { ZAdminOpsIdParam, ZLeadResult, ZLeadUpdate } from '@starloop/contract';
import { adminProcedure } from '../../../trpc/init.ts';
import { updateLead } from './leads.service.ts';

/** Who: any signed-in admin. The Edit Lead dialog (spec section 5 rules; any status). */
export const updateLeadProcedure = adminProcedure
  .input(ZLeadUpdate.extend(ZAdminOpsIdParam.shape))
  .output(ZLeadResult)
  .mutation(({ ctx, input: { id, ...input } }) => updateLead(ctx.deps, id, input, ctx.session.admin));
