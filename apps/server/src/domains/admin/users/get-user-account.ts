import { ZAdminIdParam, ZAdminUserAccount, ZIdInput } from '@starloop/contract';
import { adminProcedure } from '../../../trpc/init.ts';
import { getUserAccount } from './user-account.service.ts';

/**
 * Any admin. A business's account: branches, people (roles, branches, password chosen or not),
 * open invitations; its audit trail for super admins only (null for others, as the audit log is).
 */
export const getUserAccountOperation = adminProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/admin/users/:id/account',
      params: ZAdminIdParam,
      summary: "A business's account: its branches, people, open invitations and audit trail",
      description:
        'audit is the latest 50 audit entries about the account, its branches and its people; null unless the caller is a super_admin.',
      tags: ['admin'],
    },
  })
  .input(ZIdInput)
  .output(ZAdminUserAccount)
  .query(({ ctx, input }) =>
    getUserAccount(ctx.deps, input.id, { withAudit: ctx.session.admin.role === 'super_admin' }),
  );
