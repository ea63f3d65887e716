import { z } from 'zod';
import { ZIsoDate } from '../dto.ts';
import { ZNewestQuery } from '../list-query.ts';

/** Background jobs that failed for good (every retry used), newest first (a limit, no paging). */

export const ZJobFailureListInput = ZNewestQuery;
export type TJobFailureListInput = z.infer<typeof ZJobFailureListInput>;

export const ZJobFailure = z.object({
  id: z.number().int(),
  /** The queue: review-reply, review-notify, mail-send, report-build, … */
  queue: z.string(),
  jobId: z.string(),
  attempts: z.number().int(),
  error: z.string(),
  data: z.unknown(),
  failedAt: ZIsoDate,
});
export type TJobFailure = z.infer<typeof ZJobFailure>;

export const ZJobFailureListResult = z.object({ failures: z.array(ZJobFailure), total: z.number().int() });
export type TJobFailureListResult = z.infer<typeof ZJobFailureListResult>;
