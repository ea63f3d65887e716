/** Texts of spec section 8, Admin login. */
export const ADMIN_LOGIN_TEXTS = {
  failed: 'Login failed',
  networkBanner: 'Network error. Please try again.',
  unexpectedToast: 'Login failed. Please try again.',
  unexpectedBanner: 'An unexpected error occurred.',
} as const;
