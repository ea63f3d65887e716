import { ZLeadCreate, ZLeadCreateResult } from '@starloop/contract';
import { publicProcedure } from '../../trpc/init.ts';
import { createLead } from './public.service.ts';

/** Who: anyone (the /contact demo-request form). */
export const leadCreateProcedure = publicProcedure
  .input(ZLeadCreate)
  .output(ZLeadCreateResult)
  .mutation(({ ctx, input }) => createLead(ctx.deps, input, { ip: ctx.ip }));
