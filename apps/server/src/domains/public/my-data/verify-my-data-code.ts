import { ZMyDataVerify, ZMyDataView } from '@starloop/contract';
import { publicProcedure } from '../../../trpc/init.ts';
import { verifyMyDataCode } from './my-data.service.ts';

/** Anyone holding the code (5 guesses, 10 minutes, rate-limited per address): the businesses holding data. */
export const verifyMyDataCodeOperation = publicProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/my-data/verify',
      summary:
        'Check the one-time code: the businesses holding data about the phone or email, and a session token',
      tags: ['my-data'],
    },
  })
  .input(ZMyDataVerify)
  .output(ZMyDataView)
  .mutation(({ ctx, input }) => verifyMyDataCode(ctx.deps, input, { ip: ctx.ip }));
