import { passwordLinkOperation } from './password-link-operation.ts';

/** The holder of an onboarding set-password link (a reset link is refused here). */
export const setPasswordOperation = passwordLinkOperation(['set_password'], {
  path: '/users/set-password',
  summary: 'Set a password from a one-time onboarding set-password link and sign in',
});
