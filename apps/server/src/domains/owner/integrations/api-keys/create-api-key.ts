import { ZApiKeyCreate, ZApiKeyCreated } from '@starloop/contract';
import { ownerProcedure } from '../../../../trpc/init.ts';
import { createApiKey } from '../integrations.service.ts';

/** The signed-in owner on Professional (else 403). A new key, answered once and stored as a hash. */
export const createApiKeyOperation = ownerProcedure('account')
  .input(ZApiKeyCreate)
  .output(ZApiKeyCreated)
  .mutation(({ ctx, input }) => createApiKey(ctx.deps, ctx.session.owner, input, ctx));
