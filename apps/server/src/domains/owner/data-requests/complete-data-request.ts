import { ZDataRequestComplete, ZDataRequestCompleteResult, ZDataRequestIdParam } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { completeDataRequest } from './data-requests.service.ts';

/** The branch's owners (role owner). Completes a customer's request; an erasure is carried out now. */
export const completeDataRequestOperation = ownerProcedure('account')
  .meta({
    rest: {
      method: 'POST',
      path: '/users/data-requests/:id/complete',
      params: ZDataRequestIdParam,
      summary: "Complete a customer's data request (an erasure erases the customer's data at once)",
      tags: ['owner'],
    },
  })
  .input(ZDataRequestComplete)
  .output(ZDataRequestCompleteResult)
  .mutation(({ ctx, input }) => completeDataRequest(ctx.deps, ctx.session, input.id, { ip: ctx.ip }));
