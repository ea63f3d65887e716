import { ZChannelSettings } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { getChannelSettings } from './channel-settings.service.ts';

/** The signed-in owner, for itself. Its WhatsApp and SMS settings; secrets only as "saved" or not. */
export const getChannelSettingsOperation = ownerProcedure('account')
  .output(ZChannelSettings)
  .query(({ ctx }) => getChannelSettings(ctx.deps, ctx.session.owner));
