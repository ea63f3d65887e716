import { ZAdminIdParam, ZIdInput, ZMessageResult } from '@starloop/contract';
import { adminActor } from '../../../lib/audit.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { reopenClosedAccount } from '../../owner/account/account-closure.service.ts';

/**
 * Any admin. Reopens the closed account of business `id` within its 30 days (the businesses its
 * closure took down come back); 409 when it is not closed or the window has passed.
 */
export const reopenUserOperation = adminProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/admin/users/:id/reopen',
      params: ZAdminIdParam,
      summary: 'Reopen a closed account within its 30 days (409 afterwards, or when it is not closed)',
      tags: ['admin'],
    },
  })
  .input(ZIdInput)
  .output(ZMessageResult)
  .mutation(({ ctx, input }) => reopenClosedAccount(ctx.deps, input.id, adminActor(ctx)));
