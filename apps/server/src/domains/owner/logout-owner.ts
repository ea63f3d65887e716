import { ZSuccess } from '@starloop/contract';
import { signOut } from '../../auth/authenticate.ts';
import { ownerProcedure } from '../../trpc/init.ts';

/** The signed-in owner. Revokes this token server-side. */
export const logoutOwnerOperation = ownerProcedure('read')
  .meta({
    allowClosedAccount: true,
    rest: { method: 'POST', path: '/users/logout', summary: 'Revoke this owner token', tags: ['owner'] },
  })
  .output(ZSuccess)
  .mutation(({ ctx }) => signOut(ctx.deps, ctx.session.sessionId));
