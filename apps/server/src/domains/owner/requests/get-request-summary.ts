import { ZRequestSummary } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { getRequestSummary } from './request-usage.service.ts';

/** The signed-in owner. Reviews from requests beside QR reviews, and this month's use of the plan. */
export const getRequestSummaryOperation = ownerProcedure('manage')
  .output(ZRequestSummary)
  .query(({ ctx }) => getRequestSummary(ctx.deps, ctx.session.owner));
