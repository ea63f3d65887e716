import { adminDeleteOperation } from '../admin-operations.ts';
import { deleteUser } from './users.service.ts';

/** Any admin. Soft-deletes an owner: review page off, sessions revoked, counted as deleted. */
export const deleteUserOperation = adminDeleteOperation({
  path: '/admin/users/:id',
  summary: 'Soft-delete an owner: review page off, sessions revoked, counted as deleted',
  remove: deleteUser,
});
