import { ZOwnerSettings } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { ownerSettingsOf } from './settings.service.ts';

/** The signed-in owner, for itself. Review flow, review page language and notification choices. */
export const getOwnerSettingsOperation = ownerProcedure('manage')
  .output(ZOwnerSettings)
  .query(({ ctx }) => ownerSettingsOf(ctx.session.owner));
