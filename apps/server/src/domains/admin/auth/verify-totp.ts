import { ZAdminTotpVerify, ZAdminTotpVerifyAnswer } from '@starloop/contract';
import { publicProcedure } from '../../../trpc/init.ts';
import { verifyAdminTotp } from './admin-auth.service.ts';

/**
 * Anyone holding a sign-in challenge. The second step of an enrolled admin's sign-in: a code from
 * the authenticator app or one recovery code; a wrong one counts like a wrong password.
 */
export const verifyTotpOperation = publicProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/admin/login/verify',
      summary: 'Finish an admin sign-in with a TOTP code or a recovery code (token valid 12 hours)',
      tags: ['admin'],
    },
  })
  .input(ZAdminTotpVerify)
  .output(ZAdminTotpVerifyAnswer)
  .mutation(({ ctx, input }) => verifyAdminTotp(ctx.deps, input, { ip: ctx.ip, userAgent: ctx.userAgent }));
