import { ZSuccess } from '@starloop/contract';
import { signOut } from '../../../auth/authenticate.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** The signed-in admin. Revokes this token server-side. */
export const logoutAdminOperation = adminProcedure
  .meta({
    rest: { method: 'POST', path: '/admin/logout', summary: 'Revoke this admin token', tags: ['admin'] },
  })
  .output(ZSuccess)
  .mutation(({ ctx }) => signOut(ctx.deps, ctx.session.sessionId));
