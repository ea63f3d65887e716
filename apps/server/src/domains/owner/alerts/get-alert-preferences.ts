import { ZAlertPreferences } from '@starloop/contract';
import { accountProcedure } from '../../../trpc/init.ts';
import { getAlertPreferences } from '../../alerts/alert-preferences.service.ts';

/** Any member, for themselves (an API key acts for no person: 403). Which case alerts they get, and how. */
export const getAlertPreferencesOperation = accountProcedure('read')
  .meta({
    person: true,
    rest: {
      method: 'GET',
      path: '/v1/me/alert-preferences',
      summary: 'Your case alert preferences',
      description:
        'Which feedback case alerts the signed-in person gets (new, overdue) by email and by WhatsApp, and their quiet hours (IST). An API key acts for no person: 403.',
      tags: ['cases'],
    },
  })
  .output(ZAlertPreferences)
  .query(({ ctx }) => getAlertPreferences(ctx.deps, ctx.session));
