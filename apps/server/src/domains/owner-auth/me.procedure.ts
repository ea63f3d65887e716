import { ZOwnerUser } from '@starloop/contract';
import { ownerProcedure } from '../../trpc/init.ts';
import { toOwnerUser } from './owner-dto.ts';

/** Who: the signed-in owner. Their own profile only. */
export const meProcedure = ownerProcedure
  .output(ZOwnerUser)
  .query(({ ctx }) => toOwnerUser(ctx.session.owner));
