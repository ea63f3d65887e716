import { ZContactHistory, ZContactId } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { getContactHistory } from './contacts.service.ts';

/** The signed-in owner. One of their customers with every request sent to them (404 for another owner's). */
export const getContactHistoryOperation = ownerProcedure('manage')
  .input(ZContactId)
  .output(ZContactHistory)
  .query(({ ctx, input }) => getContactHistory(ctx.deps, ctx.session.owner, input.id));
