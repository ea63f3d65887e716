import { ZChangePassword, ZMessageResult } from '@starloop/contract';
import { adminActor } from '../../../lib/audit.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { changeAdminPassword } from './admin-auth.service.ts';

/** The signed-in admin, for themselves. Their other sessions are signed out; this one stays. */
export const changePasswordOperation = adminProcedure
  .input(ZChangePassword)
  .output(ZMessageResult)
  .mutation(({ ctx, input }) => changeAdminPassword(ctx.deps, adminActor(ctx), ctx.session.sessionId, input));
