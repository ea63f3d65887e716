import { ZMessageResult, ZPasswordResetRequest } from '@starloop/contract';
import { publicProcedure } from '../../../trpc/init.ts';
import { requestPasswordReset } from './password.service.ts';

/** Anyone. Emails a reset link when the number has an email; never says whether it exists. */
export const requestPasswordResetOperation = publicProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/users/forgot-password',
      summary: 'Email a password reset link (never reveals whether the number exists)',
      tags: ['owner'],
    },
  })
  .input(ZPasswordResetRequest)
  .output(ZMessageResult)
  .mutation(({ ctx, input }) => requestPasswordReset(ctx.deps, input.contactNumber, { ip: ctx.ip }));
