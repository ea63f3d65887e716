import { ZAdminAccountResponse, ZAdminAccountUpdate, ZIdInput } from '@starloop/contract';
import { adminUpdateOperation } from '../admin-operations.ts';
import { updateAdminAccount } from './admins.service.ts';

/**
 * A super_admin only (a plain admin gets 403). Changes an admin's role or status; nobody disables
 * themselves and the last active super_admin stays one.
 */
export const updateAdminOperation = adminUpdateOperation({
  superAdminOnly: true,
  path: '/admin/admins/:id',
  summary:
    "Change an admin's role or status (super_admin only; not yourself to disabled, never the last active super_admin)",
  input: ZIdInput.and(ZAdminAccountUpdate),
  output: ZAdminAccountResponse,
  update: updateAdminAccount,
});
