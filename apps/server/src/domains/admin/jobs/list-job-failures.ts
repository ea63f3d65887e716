import { ZJobFailureListInput, ZJobFailureListResult } from '@starloop/contract';
import { adminListOperation } from '../admin-operations.ts';
import { listFailedJobs } from './jobs.service.ts';

/** Any signed-in admin. Background jobs that used every retry, newest first, with the total. */
export const listJobFailuresOperation = adminListOperation({
  input: ZJobFailureListInput,
  output: ZJobFailureListResult,
  list: listFailedJobs,
});
