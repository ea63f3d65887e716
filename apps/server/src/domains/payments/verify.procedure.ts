import { ZPaymentVerify, ZPaymentVerifyResult } from '@starloop/contract';
import { publicProcedure } from '../../trpc/init.ts';
import { verifyCheckout } from './payments.service.ts';

/** Who: anyone holding a checkout callback; the provider's signature is the proof. Activates and signs in. */
export const verifyProcedure = publicProcedure
  .input(ZPaymentVerify)
  .output(ZPaymentVerifyResult)
  .mutation(({ ctx, input }) => verifyCheckout(ctx.deps, input, { ip: ctx.ip, userAgent: ctx.userAgent }));
