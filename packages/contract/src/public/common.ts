/**
 * What the public areas share: their server texts (review, lead, business code, password; the
 * owner's password change reads the last two).
 */

/** Texts of the public review endpoints (the page itself uses the spec's texts). */
export const PUBLIC_TEXTS = {
  businessNotFound: 'We could not find this business.',
  reviewPageInactive: 'This review page is not active right now.',
  /** A closed account's page (issue 35). */
  reviewPageClosed: 'This business has closed its review page.',
  reviewThanks: 'Thank you! Your feedback has been received',
  leadReceived: "Your request has been submitted successfully! We'll contact you within 2 hours.",
  resetRequested: 'If this number is registered with us, a reset link is on its way to the email on file.',
  passwordSet: 'Your password is set. Welcome to StarLoop!',
  tokenInvalid: 'This link is invalid or has expired. Ask for a new one.',
  codeAvailable: 'This business code is available',
  codeTaken: 'This business code is taken',
  currentPasswordWrong: 'Your current password is not correct',
  passwordChanged: 'Password changed. Other devices have been signed out.',
} as const;
