import { ZAdminUsersQuery, ZAdminUsersResponse } from '@starloop/contract';
import { adminProcedure } from '../../../trpc/init.ts';
import { listUsers } from './users.service.ts';

/** Who: any admin. A page of owners with the summary counts (deleted ones only with status=deleted). */
export const adminUsersListProcedure = adminProcedure
  .input(ZAdminUsersQuery.prefault({}))
  .output(ZAdminUsersResponse)
  .query(({ ctx, input }) => listUsers(ctx.deps, input));
