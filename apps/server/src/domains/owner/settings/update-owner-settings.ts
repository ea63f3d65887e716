import { ZOwnerSettings, ZOwnerSettingsUpdate } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { updateOwnerSettings } from './settings.service.ts';

/** The signed-in owner, for itself. Changes the review flow, review page language or notification choices. */
export const updateOwnerSettingsOperation = ownerProcedure('manage')
  .input(ZOwnerSettingsUpdate)
  .output(ZOwnerSettings)
  .mutation(({ ctx, input }) => updateOwnerSettings(ctx.deps, ctx.session.owner.id, input));
