import { ZGrievanceOfficer } from '@starloop/contract';
import { publicProcedure } from '../../../trpc/init.ts';
import { getGrievanceOfficer } from '../../admin/privacy/privacy.service.ts';

/** Anyone: the grievance officer the privacy page names (DPDP Act 2023). */
export const getPublicGrievanceOfficerOperation = publicProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/privacy/grievance-officer',
      summary: 'The grievance officer named on the privacy page',
      tags: ['public'],
    },
  })
  .output(ZGrievanceOfficer)
  .query(({ ctx }) => getGrievanceOfficer(ctx.deps));
