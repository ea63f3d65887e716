import { ZAdminPaymentsQuery, ZAdminPaymentsResponse } from '@starloop/contract';
import { adminProcedure } from '../../../trpc/init.ts';
import { listPayments } from './payments.service.ts';

/** Who: any admin. Razorpay payments, newest first; amounts in paise. */
export const adminPaymentsListProcedure = adminProcedure
  .input(ZAdminPaymentsQuery.prefault({}))
  .output(ZAdminPaymentsResponse)
  .query(({ ctx, input }) => listPayments(ctx.deps, input));
