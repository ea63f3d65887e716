import { DEFAULT_PAGE_SIZE, ZAdminActivityQuery, ZAdminActivityResponse } from '@starloop/contract';
import { adminListOperation } from '../admin-operations.ts';
import { listAdminActivity } from './overview.service.ts';

/** Any admin. Recent activity, newest first, paged (DEFAULT_PAGE_SIZE, 10, a page by default). */
export const listActivityOperation = adminListOperation({
  path: '/admin/activity',
  summary: `Recent activity, newest first (page, limit=${DEFAULT_PAGE_SIZE})`,
  input: ZAdminActivityQuery.prefault({}),
  output: ZAdminActivityResponse,
  list: listAdminActivity,
});
