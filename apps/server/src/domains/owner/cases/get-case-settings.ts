import { ZCaseSettings } from '@starloop/contract';
import { accountProcedure } from '../../../trpc/init.ts';
import { getCaseSettings } from '../../cases/case-figures.service.ts';

/** Owners and managers (or an API key): the account's first-response target for feedback cases. */
export const getCaseSettingsOperation = accountProcedure('manage')
  .meta({
    rest: {
      method: 'GET',
      path: '/v1/cases/settings',
      summary: "The account's first-response target for feedback cases",
      description: 'firstResponseMinutes: business minutes (Monday to Saturday, 09:00-18:00 IST).',
      tags: ['cases'],
    },
  })
  .output(ZCaseSettings)
  .query(({ ctx }) => getCaseSettings(ctx.deps, ctx.session));
