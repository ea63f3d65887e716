import { ZAdminIdParam, ZAdminMergeAccount, ZMessageResult } from '@starloop/contract';
import { adminActor } from '../../../lib/audit.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { mergeAccount } from './accounts.service.ts';

/**
 * Any admin, like editing or deleting a business (audited). Merges account {id} into another:
 * its branches and people move, open invitations are revoked, the emptied account is deleted.
 */
export const mergeAccountOperation = adminProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/admin/accounts/:id/merge',
      params: ZAdminIdParam,
      summary: 'Merge an account into another: every branch and person moves, the emptied account goes',
      description:
        'A person in both keeps the stronger role (owner > manager > staff) and the union of their branches; open invitations are revoked. 404 when either account does not exist.',
      tags: ['admin'],
    },
  })
  .input(ZAdminMergeAccount)
  .output(ZMessageResult)
  .mutation(({ ctx, input }) => mergeAccount(ctx.deps, input.id, input.intoAccountId, adminActor(ctx)));
