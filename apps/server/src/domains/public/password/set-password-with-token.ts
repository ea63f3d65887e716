import { passwordLinkOperation } from './password-link-operation.ts';

/** The holder of a one-time set-password or reset link. Sets the password and signs in. */
export const setPasswordWithTokenOperation = passwordLinkOperation(['set_password', 'reset_password']);
