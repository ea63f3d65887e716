import { ZSuccess } from '@starloop/contract';
import { adminProcedure } from '../../trpc/init.ts';
import { logoutSession } from '../owner-auth/owner-auth.service.ts';

/** Who: the signed-in admin. Revokes this token server-side. */
export const adminLogoutProcedure = adminProcedure
  .output(ZSuccess)
  .mutation(({ ctx }) => logoutSession(ctx.deps, ctx.session.sessionId));
