import { DEFAULT_PAGE_SIZE, ZAdminUsersQuery, ZAdminUsersResponse } from '@starloop/contract';
import { adminListOperation } from '../admin-operations.ts';
import { listUsers } from './users.service.ts';

/** Any admin. A page of owners with the summary counts (deleted ones only with status=deleted). */
export const listUsersOperation = adminListOperation({
  path: '/admin/users',
  summary: `Owners, newest first, with the summary counts (page, limit=${DEFAULT_PAGE_SIZE}, search, status)`,
  description:
    'search covers name, business name, phone, code and email. Deleted owners are left out unless status=deleted.',
  input: ZAdminUsersQuery.prefault({}),
  output: ZAdminUsersResponse,
  list: listUsers,
});
