import { ZAdminUsersQuery, ZAdminUsersResponse } from '@starloop/contract';
import { adminListOperation } from '../admin-operations.ts';
import { listUsers } from './users.service.ts';

/** Any admin. A page of owners with the summary counts (deleted ones only with status=deleted). */
export const listUsersOperation = adminListOperation({
  path: '/admin/users',
  summary: 'Owners, newest first, with the summary counts (page, limit=10, search, status)',
  description:
    'search covers name, business name, phone, code and email. Deleted owners are left out unless status=deleted.',
  input: ZAdminUsersQuery.prefault({}),
  output: ZAdminUsersResponse,
  list: listUsers,
});
