import { ZRetentionSettings } from '@starloop/contract';
import { accountProcedure } from '../../../trpc/init.ts';
import { getRetentionSettings } from './account-closure.service.ts';

/** The account's owners (or an API key): how long customer contacts and feedback text are kept. */
export const getRetentionSettingsOperation = accountProcedure('account')
  .meta({
    rest: {
      method: 'GET',
      path: '/v1/account/retention',
      summary: 'How long customer contact details and feedback text are kept, in days',
      tags: ['account'],
    },
  })
  .output(ZRetentionSettings)
  .query(({ ctx }) => getRetentionSettings(ctx.deps, ctx.session));
