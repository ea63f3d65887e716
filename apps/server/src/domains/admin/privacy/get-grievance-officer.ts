import { ZGrievanceOfficer } from '@starloop/contract';
import { adminProcedure } from '../../../trpc/init.ts';
import { getGrievanceOfficer } from './privacy.service.ts';

/** Any admin. The grievance officer the privacy page names. */
export const getGrievanceOfficerOperation = adminProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/admin/privacy/grievance-officer',
      summary: 'The grievance officer the privacy page names (DPDP Act)',
      tags: ['admin'],
    },
  })
  .output(ZGrievanceOfficer)
  .query(({ ctx }) => getGrievanceOfficer(ctx.deps));
