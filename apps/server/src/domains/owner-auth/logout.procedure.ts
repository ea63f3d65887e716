import { ZSuccess } from '@starloop/contract';
import { ownerProcedure } from '../../trpc/init.ts';
import { logoutSession } from './owner-auth.service.ts';

/** Who: the signed-in owner. Revokes this token server-side. */
export const logoutProcedure = ownerProcedure
  .output(ZSuccess)
  .mutation(({ ctx }) => logoutSession(ctx.deps, ctx.session.sessionId));
