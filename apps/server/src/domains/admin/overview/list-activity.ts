import { ZAdminActivityQuery, ZAdminActivityResponse } from '@starloop/contract';
import { adminListOperation } from '../admin-operations.ts';
import { listAdminActivity } from './overview.service.ts';

/** Any admin. Recent activity, newest first, paged (limit 10 by default). */
export const listActivityOperation = adminListOperation({
  path: '/admin/activity',
  summary: 'Recent activity, newest first (page, limit=10)',
  input: ZAdminActivityQuery.prefault({}),
  output: ZAdminActivityResponse,
  list: listAdminActivity,
});
