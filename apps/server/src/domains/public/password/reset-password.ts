import { passwordLinkOperation } from './password-link-operation.ts';

/** The holder of a password reset link (a set-password link is refused here). */
export const resetPasswordOperation = passwordLinkOperation(['reset_password'], {
  path: '/users/reset-password',
  summary: 'Set a password from a one-time password reset link and sign in',
});
