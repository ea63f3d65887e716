import { ZBillingProfileAnswer, ZBillingProfileWrite } from '@starloop/contract';
import { z } from 'zod';
import { adminActor } from '../../../lib/audit.ts';
import { superAdminProcedure } from '../../../trpc/init.ts';
import { updateBillingProfile } from './billing-profile.service.ts';

/** A super_admin only (audited). A bad GSTIN, PAN or state is a 400 naming the field. */
export const updateBillingProfileOperation = superAdminProcedure
  .meta({
    rest: {
      method: 'PUT',
      path: '/admin/billing-profile',
      summary: "Save the operator's billing profile",
      description:
        "Body: `{ legalName, address, state, gstin, pan, sac, seriesPrefix, signatory? }`. The GSTIN is checked for its shape, its check character and that its first two digits are the state's; the PAN must be the GSTIN's.",
      tags: ['admin', 'billing'],
    },
  })
  .input(ZBillingProfileWrite)
  .output(ZBillingProfileAnswer.extend({ success: z.literal(true), message: z.string() }))
  .mutation(({ ctx, input }) => updateBillingProfile(ctx.deps, adminActor(ctx), input));
