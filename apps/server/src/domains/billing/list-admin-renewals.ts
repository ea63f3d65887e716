import { ZAdminRenewals } from '@starloop/contract';
import { z } from 'zod';
import { adminProcedure } from '../../trpc/init.ts';
import { listAdminRenewals } from './admin-renewals.service.ts';

/** Any admin: the paid periods ending in the next 30 days, soonest first. */
export const listAdminRenewalsOperation = adminProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/admin/renewals',
      summary: 'Paid periods ending in the next 30 days, soonest first, with the last reminder sent',
      tags: ['admin', 'billing'],
    },
  })
  .input(z.object({}).optional())
  .output(ZAdminRenewals)
  .query(({ ctx }) => listAdminRenewals(ctx.deps));
