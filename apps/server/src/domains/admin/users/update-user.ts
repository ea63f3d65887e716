import { ZAdminUserUpdate, ZAdminUserUpdateResponse, ZIdInput } from '@starloop/contract';
import { adminUpdateOperation } from '../admin-operations.ts';
import { updateUser } from './users.service.ts';

/** Any admin. Edits an owner; phone and business code must stay unique (409 naming the field). */
export const updateUserOperation = adminUpdateOperation({
  path: '/admin/users/:id',
  summary: 'Edit an owner (phone and business code stay unique: 409 naming the field)',
  input: ZAdminUserUpdate.extend(ZIdInput.shape),
  output: ZAdminUserUpdateResponse,
  update: updateUser,
});
