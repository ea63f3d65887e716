import { ZPaymentInitiate, ZPaymentOrder } from '@starloop/contract';
import { publicProcedure } from '../../trpc/init.ts';
import { initiateRegistration } from './payments.service.ts';

/** Who: anyone (rate-limited per address). Registration data in; a pending owner and a provider order out. */
export const initiateProcedure = publicProcedure
  .input(ZPaymentInitiate)
  .output(ZPaymentOrder)
  .mutation(({ ctx, input }) =>
    initiateRegistration(ctx.deps, input, { ip: ctx.ip, userAgent: ctx.userAgent }),
  );
