import { ZAlertPreferences, ZAlertPreferencesUpdate } from '@starloop/contract';
import { accountProcedure } from '../../../trpc/init.ts';
import { updateAlertPreferences } from '../../alerts/alert-preferences.service.ts';

/** Any member, for themselves (an API key acts for no person: 403). Replaces their alert choices. */
export const updateAlertPreferencesOperation = accountProcedure('read')
  .meta({
    person: true,
    rest: {
      method: 'PUT',
      path: '/v1/me/alert-preferences',
      summary: 'Change your case alert preferences',
      description:
        'Replaces the signed-in person\'s choices: new and overdue case alerts on or off by email and by WhatsApp, and quiet hours ("22:00" to "08:00" IST, or null), during which alerts wait and then come as one message. An API key acts for no person: 403.',
      tags: ['cases'],
    },
  })
  .input(ZAlertPreferencesUpdate)
  .output(ZAlertPreferences)
  .mutation(({ ctx, input }) => updateAlertPreferences(ctx.deps, ctx.session, input));
