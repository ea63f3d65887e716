import { ZOwnerDataRequestList } from '@starloop/contract';
import { z } from 'zod';
import { ownerProcedure } from '../../../trpc/init.ts';
import { listDataRequests } from './data-requests.service.ts';

/** The branch's owners (role owner). Customers' access and erasure requests: open first, by due date. */
export const listDataRequestsOperation = ownerProcedure('account')
  .meta({
    rest: {
      method: 'GET',
      path: '/users/data-requests',
      summary: "Customers' requests to see or erase their data (tasks with a due date)",
      tags: ['owner'],
    },
  })
  .input(z.object({}).optional())
  .output(ZOwnerDataRequestList)
  .query(({ ctx }) => listDataRequests(ctx.deps, ctx.session.owner));
