import { z } from 'zod';
import { publicProcedure } from '../../trpc/init.ts';

export const ZSystemInfo = z.object({ appUrl: z.string(), paymentsTestMode: z.boolean() });

/** Anyone. Public facts the web app needs before sign-in. */
export const getSystemInfoOperation = publicProcedure.output(ZSystemInfo).query(({ ctx }) => ({
  appUrl: ctx.deps.config.appUrl,
  paymentsTestMode: !ctx.deps.config.razorpay.enabled,
}));
