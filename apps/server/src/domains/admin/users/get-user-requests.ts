import { ZAdminRequestUsage, ZIdInput } from '@starloop/contract';
import { adminProcedure } from '../../../trpc/init.ts';
import { getUserRequestUsage } from './user-requests.service.ts';

/** Any admin. An owner's review requests per IST month (the last 12) against the plan's limit. */
export const getUserRequestsOperation = adminProcedure
  .input(ZIdInput)
  .output(ZAdminRequestUsage)
  .query(({ ctx, input }) => getUserRequestUsage(ctx.deps, input.id));
