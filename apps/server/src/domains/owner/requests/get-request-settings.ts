import { ZRequestSettings } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { getRequestSettings } from './request-settings.service.ts';

/** The signed-in owner. Their interval between requests, channel order and the channels available. */
export const getRequestSettingsOperation = ownerProcedure('manage')
  .output(ZRequestSettings)
  .query(({ ctx }) => getRequestSettings(ctx.deps, ctx.session.owner));
