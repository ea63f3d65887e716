import { ZAdminIdParam, ZIdInput, ZRenewalRemindResult } from '@starloop/contract';
import { adminActor } from '../../lib/audit.ts';
import { adminProcedure } from '../../trpc/init.ts';
import { remindRenewal } from './admin-renewals.service.ts';

/** Any admin: emails the owner a renewal reminder now (audited as renewal.remind). */
export const remindRenewalOperation = adminProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/admin/renewals/:id/remind',
      params: ZAdminIdParam,
      summary: "Send a business's owner a renewal reminder now (its period must end within 30 days)",
      tags: ['admin', 'billing'],
    },
  })
  .input(ZIdInput)
  .output(ZRenewalRemindResult)
  .mutation(({ ctx, input }) => remindRenewal(ctx.deps, input.id, adminActor(ctx)));
