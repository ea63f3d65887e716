import { ZAdminAccountsResponse } from '@starloop/contract';
import { adminProcedure } from '../../../trpc/init.ts';
import { listAdminAccounts } from './admins.service.ts';

/** Who: any admin. Every admin account (never a password hash). */
export const adminAdminsListProcedure = adminProcedure
  .output(ZAdminAccountsResponse)
  .query(({ ctx }) => listAdminAccounts(ctx.deps));
