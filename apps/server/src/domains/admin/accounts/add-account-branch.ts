import { MAX_ACCOUNT_BRANCHES, ZAdminAddBranch, ZAdminIdParam, ZBranchCreated } from '@starloop/contract';
import { adminActor } from '../../../lib/audit.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { addAccountBranch } from './accounts.service.ts';

/** Any admin, like moving and merging branches (audited): add a branch to an existing account. */
export const addAccountBranchOperation = adminProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/admin/accounts/:id/branches',
      params: ZAdminIdParam,
      summary: 'Add a branch to an account (pending on its plan until its payment)',
      description: `Body as POST /api/v1/account/branches. 404 when the account does not exist or has no live branch; 409 when the code is taken or the account has ${MAX_ACCOUNT_BRANCHES} live branches.`,
      tags: ['admin'],
      status: 201,
    },
  })
  .input(ZAdminAddBranch)
  .output(ZBranchCreated)
  .mutation(({ ctx, input }) => addAccountBranch(ctx.deps, input, adminActor(ctx)));
