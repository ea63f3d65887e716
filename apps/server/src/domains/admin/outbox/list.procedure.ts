import { ZOutboxListInput, ZOutboxListResult } from '@starloop/contract';
import { adminProcedure } from '../../../trpc/init.ts';
import { listOutbox } from './outbox.service.ts';

/** Who: any signed-in admin. The Mail outbox view: recorded mails, newest first. */
export const listOutboxProcedure = adminProcedure
  .input(ZOutboxListInput)
  .output(ZOutboxListResult)
  .query(({ ctx, input }) => listOutbox(ctx.deps, input));
