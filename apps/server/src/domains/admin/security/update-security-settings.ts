import { ZAdminSecuritySettingsAnswer, ZAdminSecuritySettingsUpdate } from '@starloop/contract';
import { adminActor } from '../../../lib/audit.ts';
import { superAdminProcedure } from '../../../trpc/init.ts';
import { updateSecuritySettings } from './security.service.ts';

/** A super_admin only. Requires two-factor sign-in for every admin, or stops requiring it. */
export const updateSecuritySettingsOperation = superAdminProcedure
  .input(ZAdminSecuritySettingsUpdate)
  .output(ZAdminSecuritySettingsAnswer)
  .mutation(({ ctx, input }) => updateSecuritySettings(ctx.deps, adminActor(ctx), input));
