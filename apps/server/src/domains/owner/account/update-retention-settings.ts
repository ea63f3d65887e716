import { ZRetentionSettings, ZRetentionSettingsAnswer } from '@starloop/contract';
import { accountProcedure } from '../../../trpc/init.ts';
import { saveRetentionSettings } from './account-closure.service.ts';

/** The account's owners (or an API key): sets the retention of customer contacts and feedback text. */
export const updateRetentionSettingsOperation = accountProcedure('account')
  .meta({
    rest: {
      method: 'PUT',
      path: '/v1/account/retention',
      summary: 'Set how long customer contact details and feedback text are kept (30 to 3650 days)',
      description:
        'Enforced by the daily purge: older contact details are deleted and older feedback text cleared.',
      tags: ['account'],
    },
  })
  .input(ZRetentionSettings)
  .output(ZRetentionSettingsAnswer)
  .mutation(({ ctx, input }) => saveRetentionSettings(ctx.deps, ctx.session, input, { ip: ctx.ip }));
