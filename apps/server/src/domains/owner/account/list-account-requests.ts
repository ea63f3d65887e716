import { ZAccountRequests, ZAccountRequestsQuery } from '@starloop/contract';
import { accountProcedure } from '../../../trpc/init.ts';
import { listAccountRequests } from './account.service.ts';

/** Owners and managers (or an API key), as the Requests screen: the review requests of every branch they can see. */
export const listAccountRequestsOperation = accountProcedure('manage')
  .meta({
    rest: {
      method: 'GET',
      path: '/v1/account/requests',
      summary:
        'Review requests of every branch the caller can see (or one: businessId), newest first, with the branch',
      tags: ['account'],
    },
  })
  .input(ZAccountRequestsQuery.prefault({}))
  .output(ZAccountRequests)
  .query(({ ctx, input }) => listAccountRequests(ctx.deps, ctx.session, input));
