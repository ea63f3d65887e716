import { ZContactId, ZMessageResult } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { optOutContactByOwner } from './opt-out.service.ts';

/** The signed-in owner. Marks one of their customers opted out, for good (404 for another owner's). */
export const optOutContactOperation = ownerProcedure('manage')
  .input(ZContactId)
  .output(ZMessageResult)
  .mutation(({ ctx, input }) => optOutContactByOwner(ctx.deps, ctx.session.owner, input.id));
