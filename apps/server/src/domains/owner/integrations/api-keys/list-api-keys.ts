import { ZApiKeyList } from '@starloop/contract';
import { ownerProcedure } from '../../../../trpc/init.ts';
import { listApiKeys } from '../integrations.service.ts';

/** The signed-in owner, for itself. Its API keys (never the keys themselves), revoked ones too. */
export const listApiKeysOperation = ownerProcedure('account')
  .output(ZApiKeyList)
  .query(({ ctx }) => listApiKeys(ctx.deps, ctx.session.owner));
