import { ZMessageResult, ZPasswordResetRequest, ZPasswordSet, ZPasswordSetResult } from '@starloop/contract';
import { publicProcedure } from '../../trpc/init.ts';
import { requestPasswordReset, setPasswordWithToken } from './public.service.ts';

/** Who: anyone. Emails a reset link when the number has an email; never says whether it exists. */
export const passwordRequestResetProcedure = publicProcedure
  .input(ZPasswordResetRequest)
  .output(ZMessageResult)
  .mutation(({ ctx, input }) => requestPasswordReset(ctx.deps, input.contactNumber, { ip: ctx.ip }));

/** Who: the holder of a one-time set-password or reset link. Sets the password and signs in. */
export const passwordSetWithTokenProcedure = publicProcedure
  .input(ZPasswordSet)
  .output(ZPasswordSetResult)
  .mutation(({ ctx, input }) => setPasswordWithToken(ctx.deps, input, { userAgent: ctx.userAgent }));
