import { ZContactInput, ZContactSaved } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { addContact } from './contacts.service.ts';

/** The signed-in owner. Adds a customer, or merges one already there by phone or email (409 when they name two). */
export const addContactOperation = ownerProcedure('manage')
  .input(ZContactInput)
  .output(ZContactSaved)
  .mutation(({ ctx, input }) => addContact(ctx.deps, ctx.session.owner, input));
