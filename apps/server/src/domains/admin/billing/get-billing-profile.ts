import { ZBillingProfileAnswer } from '@starloop/contract';
import { superAdminProcedure } from '../../../trpc/init.ts';
import { getBillingProfile } from './billing-profile.service.ts';

/** A super_admin only: the operator's billing profile its invoices are issued under. */
export const getBillingProfileOperation = superAdminProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/admin/billing-profile',
      summary: "The operator's billing profile (legal name, address, state, GSTIN, PAN, SAC, invoice series)",
      tags: ['admin', 'billing'],
    },
  })
  .output(ZBillingProfileAnswer)
  .query(({ ctx }) => getBillingProfile(ctx.deps));
