import { ZMyDataCodeRequest, ZMyDataCodeResult } from '@starloop/contract';
import { publicProcedure } from '../../../trpc/init.ts';
import { requestMyDataCode } from './my-data.service.ts';

/** Anyone (the "my data" page); rate-limited per address and per phone or email. Never tells what is held. */
export const requestMyDataCodeOperation = publicProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/my-data/code',
      summary: 'Send a one-time code to a phone or email, to see or erase what businesses hold about it',
      tags: ['my-data'],
    },
  })
  .input(ZMyDataCodeRequest)
  .output(ZMyDataCodeResult)
  .mutation(({ ctx, input }) => requestMyDataCode(ctx.deps, input, { ip: ctx.ip }));
