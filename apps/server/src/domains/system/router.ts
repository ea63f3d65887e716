import { z } from 'zod';
import { publicProcedure, router } from '../../trpc/init.ts';

export const systemRouter = router({
  /** Who: anyone. Public facts the web app needs before sign-in. */
  info: publicProcedure
    .output(z.object({ appUrl: z.string(), paymentsTestMode: z.boolean() }))
    .query(({ ctx }) => ({
      appUrl: ctx.deps.config.appUrl,
      paymentsTestMode: !ctx.deps.config.razorpay.enabled,
    })),
});
