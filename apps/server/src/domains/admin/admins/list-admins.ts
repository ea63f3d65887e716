import { ZAdminAccountsResponse } from '@starloop/contract';
import { adminProcedure } from '../../../trpc/init.ts';
import { listAdminAccounts } from './admins.service.ts';

/** Any admin. Every admin account (never a password hash). */
export const listAdminsOperation = adminProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/admin/admins',
      summary: 'Every admin account (never a password hash)',
      tags: ['admin'],
    },
  })
  .output(ZAdminAccountsResponse)
  .query(({ ctx }) => listAdminAccounts(ctx.deps));
