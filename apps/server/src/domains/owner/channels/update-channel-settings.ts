import { ZChannelSettings, ZChannelSettingsUpdate } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { updateChannelSettings } from './channel-settings.service.ts';

/**
 * The signed-in owner, for itself. Saves one channel's settings; a secret left out (or empty) keeps
 * the saved one, null removes it. Turning a channel on needs every field (400 naming the first gap).
 */
export const updateChannelSettingsOperation = ownerProcedure('account')
  .input(ZChannelSettingsUpdate)
  .output(ZChannelSettings)
  .mutation(({ ctx, input }) =>
    updateChannelSettings(ctx.deps, { id: ctx.session.owner.id, ip: ctx.ip }, input),
  );
