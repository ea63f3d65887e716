import { ZCaseSettings, ZCaseSettingsUpdate } from '@starloop/contract';
import { accountProcedure } from '../../../trpc/init.ts';
import { updateCaseSettings } from '../../cases/case-figures.service.ts';

/** Owners and managers (or an API key): a new first-response target, for cases opened from now on. */
export const updateCaseSettingsOperation = accountProcedure('manage')
  .meta({
    rest: {
      method: 'PUT',
      path: '/v1/cases/settings',
      summary: "Set the account's first-response target for feedback cases",
      description:
        'firstResponseMinutes: 1 to 2,700 business minutes (Monday to Saturday, 09:00-18:00 IST). Open cases keep their due time; new cases use the target within a minute.',
      tags: ['cases'],
    },
  })
  .input(ZCaseSettingsUpdate)
  .output(ZCaseSettings)
  .mutation(({ ctx, input }) => updateCaseSettings(ctx.deps, ctx.session, input));
