import { ZAccountClosure } from '@starloop/contract';
import { accountProcedure } from '../../../trpc/init.ts';
import { getAccountClosure } from './account-closure.service.ts';

/** Any member (or an API key), also of a closed account: whether it is closed, and its erasure date. */
export const getAccountClosureOperation = accountProcedure('read')
  .meta({
    allowClosedAccount: true,
    rest: {
      method: 'GET',
      path: '/v1/account/closure',
      summary: 'Whether the account is closed, and the day its data is erased',
      tags: ['account'],
    },
  })
  .output(ZAccountClosure)
  .query(({ ctx }) => getAccountClosure(ctx.deps, ctx.session));
