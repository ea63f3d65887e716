import { ZPaymentVerify, ZPaymentVerifyResult } from '@starloop/contract';
import { publicProcedure } from '../../trpc/init.ts';
import { verifyCheckout } from './payments.service.ts';

/**
 * Anyone holding a checkout callback; the provider's signature is the proof. Activates, and signs
 * the owner in only on the call that captures a registration.
 */
export const verifyPaymentOperation = publicProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/payments/verify',
      summary: 'Verify the checkout signature, activate the owner and sign them in',
      description:
        'token and user from the first verify with a valid signature of a captured registration, whichever call (this verify or the webhook) captured it; a repeated verify, a renewal or a registration that needs a refund answers success without them.',
      tags: ['payments'],
    },
  })
  .input(ZPaymentVerify)
  .output(ZPaymentVerifyResult)
  .mutation(({ ctx, input }) => verifyCheckout(ctx.deps, input, { ip: ctx.ip, userAgent: ctx.userAgent }));
