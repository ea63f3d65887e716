import { ZAdminAccountCreate, ZAdminAccountResponse } from '@starloop/contract';
import { superAdminProcedure } from '../../../trpc/init.ts';
import { createAdminAccount } from './admins.service.ts';

/** Who: a super_admin only (a plain admin gets 403). Creates an admin account. */
export const adminAdminsCreateProcedure = superAdminProcedure
  .input(ZAdminAccountCreate)
  .output(ZAdminAccountResponse)
  .mutation(({ ctx, input }) => createAdminAccount(ctx.deps, ctx.session.admin, input));
