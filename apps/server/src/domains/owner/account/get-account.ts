import { ZAccountAnswer } from '@starloop/contract';
import { accountProcedure } from '../../../trpc/init.ts';
import { getAccount } from './account.service.ts';

/** Any member (or an API key): the account, their role and the branches they can see. */
export const getAccountOperation = accountProcedure('read')
  .meta({
    allowClosedAccount: true,
    rest: {
      method: 'GET',
      path: '/v1/account',
      summary: "The caller's account, their role and the branches they can see",
      tags: ['account'],
    },
  })
  .output(ZAccountAnswer)
  .query(({ ctx }) => getAccount(ctx.deps, ctx.session));
