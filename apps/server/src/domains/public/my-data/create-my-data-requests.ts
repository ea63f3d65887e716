import { ZMyDataRequestCreate, ZMyDataRequestResult } from '@starloop/contract';
import { publicProcedure } from '../../../trpc/init.ts';
import { createMyDataRequests } from './my-data.service.ts';

/** The holder of a verified code's session token: ask businesses to show or erase their data. */
export const createMyDataRequestsOperation = publicProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/my-data/requests',
      summary: 'Ask the businesses holding data about the verified phone or email to show or erase it',
      tags: ['my-data'],
      status: 201,
    },
  })
  .input(ZMyDataRequestCreate)
  .output(ZMyDataRequestResult)
  .mutation(({ ctx, input }) => createMyDataRequests(ctx.deps, input));
