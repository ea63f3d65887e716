import { ZGrievanceOfficer, ZGrievanceOfficerUpdate, ZSuccess } from '@starloop/contract';
import { z } from 'zod';
import { adminActor } from '../../../lib/audit.ts';
import { superAdminProcedure } from '../../../trpc/init.ts';
import { saveGrievanceOfficer } from './privacy.service.ts';

/** A super_admin only (audited). Names the grievance officer the privacy page shows. */
export const updateGrievanceOfficerOperation = superAdminProcedure
  .meta({
    rest: {
      method: 'PUT',
      path: '/admin/privacy/grievance-officer',
      summary: 'Set the grievance officer the privacy page names (name, email, phone)',
      tags: ['admin'],
    },
  })
  .input(ZGrievanceOfficerUpdate)
  .output(ZGrievanceOfficer.merge(ZSuccess).extend({ message: z.string() }))
  .mutation(({ ctx, input }) => saveGrievanceOfficer(ctx.deps, adminActor(ctx), input));
