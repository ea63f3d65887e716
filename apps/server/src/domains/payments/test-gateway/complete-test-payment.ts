import { ZTestGatewayComplete, ZTestGatewayResult } from '@starloop/contract';
import { publicProcedure } from '../../../trpc/init.ts';
import { completeTestPayment } from '../payments.service.ts';

/** Anyone, in test mode only (a 404 whenever Razorpay keys are set). The test dialog's Pay / Fail. */
export const completeTestPaymentOperation = publicProcedure
  .input(ZTestGatewayComplete)
  .output(ZTestGatewayResult)
  .mutation(({ ctx, input }) => completeTestPayment(ctx.deps, input));
