import { ZBusinessDetails } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { getBusinessDetails } from './business.service.ts';

/** The account's owners, for the current branch. Its details, former codes and Google's review link. */
export const getBusinessOperation = ownerProcedure('account')
  .meta({
    rest: {
      method: 'GET',
      path: '/v1/business',
      summary:
        "The business's details as its owner edits them, its former codes and the connected Google location's review link",
      tags: ['business'],
    },
  })
  .output(ZBusinessDetails)
  .query(({ ctx }) => getBusinessDetails(ctx.deps, ctx.session.owner));
