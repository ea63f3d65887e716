import { ZRequestSettings, ZRequestSettingsUpdate } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { updateRequestSettings } from './request-settings.service.ts';

/** The signed-in owner. Changes their interval (30 to 365 days) or channel order. */
export const updateRequestSettingsOperation = ownerProcedure('manage')
  .input(ZRequestSettingsUpdate)
  .output(ZRequestSettings)
  .mutation(({ ctx, input }) => updateRequestSettings(ctx.deps, ctx.session.owner, input));
