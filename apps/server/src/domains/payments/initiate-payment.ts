import { ZPaymentInitiate, ZPaymentOrder } from '@starloop/contract';
import { publicProcedure } from '../../trpc/init.ts';
import { initiateRegistration } from './payments.service.ts';

/** Anyone (rate-limited per address). Registration data in; a pending owner and a provider order out. */
export const initiatePaymentOperation = publicProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/payments/initiate',
      summary: 'Start a registration: pending owner, pending payment and a provider order',
      description:
        'amount (paise) must equal the plan table; testMode is true for the built-in test gateway.',
      tags: ['payments'],
    },
  })
  .input(ZPaymentInitiate)
  .output(ZPaymentOrder)
  .mutation(({ ctx, input }) =>
    initiateRegistration(ctx.deps, input, { ip: ctx.ip, userAgent: ctx.userAgent }),
  );
