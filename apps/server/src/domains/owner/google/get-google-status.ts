import { ZGoogleStatus } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { getGoogleStatus } from './google.service.ts';

/** The signed-in owner, for itself. Its Google connection, sync progress and reply rules (never a token). */
export const getGoogleStatusOperation = ownerProcedure('read')
  .output(ZGoogleStatus)
  .query(({ ctx }) => getGoogleStatus(ctx.deps, ctx.session.owner.id));
