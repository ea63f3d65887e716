import { ZAdminIdParam, ZAdminMoveUser, ZMessageResult } from '@starloop/contract';
import { adminActor } from '../../../lib/audit.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { moveUser } from './user-account.service.ts';

/**
 * Any admin, like editing or deleting a business (audited). Moves the business into another
 * existing account; the account's last live branch is refused (merge the account instead).
 */
export const moveUserOperation = adminProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/admin/users/:id/move',
      params: ZAdminIdParam,
      summary: 'Move a business (branch) into another existing account',
      description:
        "Memberships limited to chosen branches lose this one (someone left with none leaves the account and is signed out). 404 when the account does not exist; 409 for the account's last live branch (merge instead).",
      tags: ['admin'],
    },
  })
  .input(ZAdminMoveUser)
  .output(ZMessageResult)
  .mutation(({ ctx, input }) => moveUser(ctx.deps, input.id, input.accountId, adminActor(ctx)));
