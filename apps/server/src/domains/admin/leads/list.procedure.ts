import { ZLeadListInput, ZLeadListResult } from '@starloop/contract';
import { adminProcedure } from '../../../trpc/init.ts';
import { listLeads } from './leads.service.ts';

/** Who: any signed-in admin. A page of leads (search, sort, filters) with the five lead cards. */
export const listLeadsProcedure = adminProcedure
  .input(ZLeadListInput)
  .output(ZLeadListResult)
  .query(({ ctx, input }) => listLeads(ctx.deps, input));
