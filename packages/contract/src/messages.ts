/** Validation messages of spec section 5, verbatim. */
export const MESSAGES = {
  ownerLogin: {
    phoneRequired: 'Phone number is required',
    phoneInvalid: 'Enter a valid 10-digit phone number',
    passwordRequired: 'Password is required',
    passwordMin: 'Password must be at least 6 characters',
  },
  registration: {
    nameRequired: 'Full name is required',
    /** The spec gives no custom message for the minimum length; this one is ours. */
    nameMin: 'Full name must be at least 3 characters',
    emailRequired: 'Email is required',
    emailInvalid: 'Enter valid email',
    phoneRequired: 'Phone number is required',
    phoneInvalid: 'Enter valid 10-digit phone',
    businessNameRequired: 'Business name is required',
    codeRequired: 'Business code is required',
    codeInvalid: 'Use 3 to 32 lower-case letters, digits or hyphens',
    businessUrlRequired: 'Business URL is required',
    businessUrlInvalid: 'Enter valid URL',
    salesRepRequired: 'Sales representative name is required',
    stateRequired: 'State is required',
    cityRequired: 'City is required',
    planRequired: 'Please select a plan',
    termsRequired: 'You must accept terms',
    passwordRequired: 'Password is required',
    passwordMin: 'Password must be at least 6 characters',
    passwordMismatch: 'Passwords do not match',
  },
  feedback: {
    messageRequired: 'Please write your feedback',
    messageMax: 'Feedback must be at most 500 characters',
    /** Not in the spec (its page only sends valid ratings); ours for API callers. */
    ratingInvalid: 'Choose a rating from 1 to 5 stars',
    contactInvalid: 'Enter a valid phone number or email',
  },
  adminLogin: {
    emailRequired: 'Email is required',
    emailInvalid: 'Email is invalid',
    passwordRequired: 'Password is required',
    passwordMin: 'Password must be at least 6 characters',
  },
  reportExport: {
    required: 'Please provide email and select report type',
    emailInvalid: 'Please enter a valid email address',
  },
  userEdit: {
    nameRequired: 'Name is required',
    businessNameRequired: 'Business name is required',
    contactNumberRequired: 'Contact number is required',
    contactNumberInvalid: 'Enter a valid 10-digit phone number',
    codeRequired: 'Business code is required',
    reviewLinkInvalid: 'Enter a valid URL',
  },
  onboardingCustomer: {
    nameRequired: 'Name is required',
    phoneInvalid: 'Enter valid 10-digit number',
    businessNameRequired: 'Business name is required',
    codeRequired: 'Business code is required',
    durationRequired: 'Subscription duration is required',
    reviewLinkInvalid: 'Enter a valid URL starting with http:// or https://',
    stateRequired: 'State is required',
    cityRequired: 'City is required',
  },
  onboardingPayment: {
    amountInvalid: 'Please enter a valid amount',
    amountPositive: 'Amount must be positive',
    methodRequired: 'Please select a payment method',
    emailRequired: 'Email is required',
    emailInvalid: 'Enter a valid email address',
    pricingNotesRequired: 'Please explain why this price was given',
  },
  createAgent: {
    nameRequired: 'Name is required',
    nameMin: 'Name must be at least 2 characters',
    phoneRequired: 'Phone number is required',
    phoneInvalid: 'Enter valid phone number',
    emailRequired: 'Email is required',
    emailInvalid: 'Enter valid email address',
  },
  contact: {
    nameRequired: 'Name is required',
    emailRequired: 'Email is required',
    emailInvalid: 'Please enter a valid email address',
    subjectRequired: 'Please select a subject',
    messageRequired: 'Message is required',
    formInvalid: 'Please fill in all required fields correctly',
  },
  leadEdit: {
    nameRequired: 'Name is required',
    emailRequired: 'Email is required',
    emailInvalid: 'Enter a valid email address',
    contactNumberRequired: 'Contact number is required',
    subjectRequired: 'Subject is required',
    messageRequired: 'Message is required',
    messageMax: 'Message must be at most 2000 characters',
  },
  agentEdit: {
    nameRequired: 'Name is required',
    emailRequired: 'Email is required',
    phoneRequired: 'Phone number is required',
  },
} as const;

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
