import { ZAdminIdParam, ZAdminPaymentRefundResult, ZIdInput } from '@starloop/contract';
import { adminActor } from '../../../lib/audit.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { refundPayment } from './payments.service.ts';

/**
 * Any signed-in admin (audited, and the money can only go back to the payer). Refunds a
 * registration payment that was applied to nobody ("Needs refund" in the payments list).
 */
export const refundPaymentOperation = adminProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/admin/payments/:id/refund',
      params: ZAdminIdParam,
      summary: 'Refund a registration payment applied to nobody (needsRefund), in full, once',
      description:
        '409 when it was refunded already or the provider refuses (with its reason); 503 when the provider cannot be reached. Nothing is written unless the refund is made.',
      tags: ['admin'],
    },
  })
  .input(ZIdInput)
  .output(ZAdminPaymentRefundResult)
  .mutation(({ ctx, input }) => refundPayment(ctx.deps, input.id, adminActor(ctx)));
