import { ZContactList, ZContactListQuery } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { listContacts } from './contacts.service.ts';

/** The signed-in owner. Their own customers, newest first, searched and filtered. */
export const listContactsOperation = ownerProcedure('manage')
  .input(ZContactListQuery)
  .output(ZContactList)
  .query(({ ctx, input }) => listContacts(ctx.deps, ctx.session.owner, input));
