import { ZImportCommit, ZImportProgress } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { commitImport } from './contacts.service.ts';

/**
 * The signed-in owner. Stores the next 1,000 customers of their previewed file and answers the
 * progress; called until done (404 for an expired or another owner's import).
 */
export const commitImportOperation = ownerProcedure('manage')
  .input(ZImportCommit)
  .output(ZImportProgress)
  .mutation(({ ctx, input }) => commitImport(ctx.deps, ctx.session.owner, input.importId));
