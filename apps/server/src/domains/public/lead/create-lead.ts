import { ZLeadCreate, ZLeadCreateResult } from '@starloop/contract';
import { publicProcedure } from '../../../trpc/init.ts';
import { createLead } from './lead.service.ts';

/** Anyone (the /contact demo-request form); rate-limited per address. */
export const createLeadOperation = publicProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/lead',
      summary: 'Demo or contact request from the website form',
      tags: ['leads'],
      status: 201,
    },
  })
  .input(ZLeadCreate)
  .output(ZLeadCreateResult)
  .mutation(({ ctx, input }) => createLead(ctx.deps, input, { ip: ctx.ip }));
