/**
 * Password rules beyond the spec's minimum length (issue 15, OWASP ASVS 4.0 V2.1.7): a new
 * password found in a list of common passwords is refused on every form that sets one. The list
 * itself ships with the server; the spec's length messages come first (the schemas check them).
 */
export const SECURITY_TEXTS = {
  commonPassword:
    'This password is too common and easy to guess. Please choose a less common one, for example a short phrase.',
} as const;
