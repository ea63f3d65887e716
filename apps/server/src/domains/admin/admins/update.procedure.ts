import { ZAdminAccountResponse, ZAdminAccountUpdate } from '@starloop/contract';
import { z } from 'zod';
import { superAdminProcedure } from '../../../trpc/init.ts';
import { updateAdminAccount } from './admins.service.ts';

/**
 * Who: a super_admin only (a plain admin gets 403). Changes an admin's role or status; nobody
 * disables themselves and the last active super_admin stays one.
 */
export const adminAdminsUpdateProcedure = superAdminProcedure
  .input(z.object({ id: z.number().int().positive() }).and(ZAdminAccountUpdate))
  .output(ZAdminAccountResponse)
  .mutation(({ ctx, input: { id, ...changes } }) =>
    updateAdminAccount(ctx.deps, ctx.session.admin, id, changes),
  );
