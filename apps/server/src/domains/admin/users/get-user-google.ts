import { ZAdminUserGoogle, ZIdInput } from '@starloop/contract';
import { adminProcedure } from '../../../trpc/init.ts';
import { getUserGoogle } from './user-google.service.ts';

/** Any admin. An owner's Google connection: status, location, last sync and error (never a token). */
export const getUserGoogleOperation = adminProcedure
  .input(ZIdInput)
  .output(ZAdminUserGoogle.nullable())
  .query(({ ctx, input }) => getUserGoogle(ctx.deps, input.id));
