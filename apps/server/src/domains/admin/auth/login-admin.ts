import { ZAdminLogin, ZAdminSignInAnswer } from '@starloop/contract';
import { publicProcedure } from '../../../trpc/init.ts';
import { loginAdmin } from './admin-auth.service.ts';

/**
 * Anyone. Email and password in, admin token (12 hours) out; with two-factor sign-in the answer
 * carries a challenge (`twoFactor`) instead of the token, finished by admin.auth.verifyTotp or
 * admin.auth.enrolTotp.
 */
export const loginAdminOperation = publicProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/admin/login',
      summary: 'Admin sign-in by email and password (token valid 12 hours)',
      description:
        'Admins without two-factor sign-in get { token, message }. Otherwise the answer has no token but a `twoFactor` challenge: POST it with a code to /api/admin/login/verify (or /api/admin/login/enrol while setting up the authenticator app).',
      tags: ['admin'],
    },
  })
  .input(ZAdminLogin)
  .output(ZAdminSignInAnswer)
  .mutation(({ ctx, input }) => loginAdmin(ctx.deps, input, { ip: ctx.ip, userAgent: ctx.userAgent }));
