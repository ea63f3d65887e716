import { ZAdminTotpEnrol, ZAdminTotpEnrolAnswer } from '@starloop/contract';
import { publicProcedure } from '../../../trpc/init.ts';
import { enrolAdminTotp } from './admin-auth.service.ts';

/**
 * Anyone holding an enrolment challenge. A code from the newly set-up authenticator app confirms
 * it; the answer signs the admin in and carries ten recovery codes, shown this once.
 */
export const enrolTotpOperation = publicProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/admin/login/enrol',
      summary: 'Confirm a new authenticator app and finish the sign-in; answers the recovery codes once',
      tags: ['admin'],
    },
  })
  .input(ZAdminTotpEnrol)
  .output(ZAdminTotpEnrolAnswer)
  .mutation(({ ctx, input }) => enrolAdminTotp(ctx.deps, input, { ip: ctx.ip, userAgent: ctx.userAgent }));
