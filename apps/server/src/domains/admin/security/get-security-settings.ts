import { ZAdminSecuritySettings } from '@starloop/contract';
import { superAdminProcedure } from '../../../trpc/init.ts';
import { getSecuritySettings } from './security.service.ts';

/** A super_admin only. Whether two-factor sign-in is required for every admin. */
export const getSecuritySettingsOperation = superAdminProcedure
  .output(ZAdminSecuritySettings)
  .query(({ ctx }) => getSecuritySettings(ctx.deps));
