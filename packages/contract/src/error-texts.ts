/** Texts of spec section 8 shared by more than one screen. */
export const ERROR_TEXTS = {
  network: 'Unable to connect to server. Please check your connection.',
  httpError: (status: number) => `HTTP error! status: ${status}`,
  ownerLoginFailed: 'Login failed. Please try again.',
  ownerLoginSuccess: 'Login successful! Welcome back.',
  adminLoginSuccess: 'Login successful! Welcome to admin dashboard.',
  unauthorized: 'Please sign in again.',
  forbidden: 'You do not have permission to do that.',
  invalidCredentials: 'Invalid phone number or password',
  /** Said only after the password was right, so they reveal nothing to a guesser. */
  ownerPending:
    'Your registration is not complete: the payment has not gone through yet. Please register again to finish paying.',
  ownerInactive: 'This account has been deactivated. Please contact StarLoop support to reactivate it.',
  ownerDeleted:
    'This account has been deleted. Please contact StarLoop support if you think this is a mistake.',
  invalidAdminCredentials: 'Invalid email or password',
  internal: 'Something went wrong on our side. Please try again.',
  /** A database outage or overload: the request did nothing and can simply be sent again. */
  unavailable: 'StarLoop is briefly unavailable. Please try again in a few seconds.',
} as const;
