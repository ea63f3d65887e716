import { ZAdminManualPaymentsQuery, ZAdminManualPaymentsResponse } from '@starloop/contract';
import { adminProcedure } from '../../../trpc/init.ts';
import { listManualPayments } from './manual-payments.service.ts';

/** Who: any admin. Manual payments (whole rupees) with their linked owners, searchable and sortable. */
export const adminManualPaymentsListProcedure = adminProcedure
  .input(ZAdminManualPaymentsQuery.prefault({}))
  .output(ZAdminManualPaymentsResponse)
  .query(({ ctx, input }) => listManualPayments(ctx.deps, input));
