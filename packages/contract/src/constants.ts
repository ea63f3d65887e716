/** Product-wide constants from spec section 9 and decisions.md. */

export const BRAND = 'StarLoop';

// RATING_MIN, RATING_MAX and POSITIVE_RATING_MIN live in rules/rating.ts (exported from the index).
export const RATING_WORDS = ['Poor', 'Fair', 'Good', 'Great', 'Excellent'] as const;

export const LIMITS = {
  feedbackMax: 500,
  leadMessageMax: 2000,
  passwordMin: 6,
  phoneDigits: 10,
  agentNameMin: 2,
  registrationNameMin: 3,
  customersPerOnboardingMin: 1,
  customersPerOnboardingMax: 10,
  subscriptionYears: [1, 2] as const,
  businessCodeMin: 3,
  businessCodeMax: 32,
  signatureDisplayChars: 20,
} as const;

/** Rows a page when a list query names no `limit` (spec section 3: `ZPageQuery`). */
export const DEFAULT_PAGE_SIZE = 10;
/** Rows a page of each list, as its screen asks for them (and the owner's reviews by default). */
export const PAGE_SIZE = {
  users: DEFAULT_PAGE_SIZE,
  reviews: DEFAULT_PAGE_SIZE,
  payments: DEFAULT_PAGE_SIZE,
  agents: DEFAULT_PAGE_SIZE,
  manualPayments: DEFAULT_PAGE_SIZE,
  leads: DEFAULT_PAGE_SIZE,
  admins: DEFAULT_PAGE_SIZE,
  ownerReviews: 5,
  /** The owner's customers and campaigns (the Requests screen). */
  ownerRequests: DEFAULT_PAGE_SIZE,
} as const;

/** Timings in milliseconds (spec section 9). */
export const TIMINGS = {
  starToLinkDelay: 300,
  ratingResetAfterLink: 500,
  thankYouDisplay: 3000,
  supportConfirmation: 5000,
  onboardingResetAfterSuccess: 2000,
  agentSearchDebounce: 300,
  toastDefault: 5000,
  toastApp: 3000,
  toastOnboarding: 5000,
  toastAgentCreateSuccess: 3000,
  toastAgentCreateError: 4000,
} as const;

export const TOKEN_TTL = {
  ownerSeconds: 30 * 24 * 60 * 60,
  adminSeconds: 12 * 60 * 60,
  setPasswordSeconds: 7 * 24 * 60 * 60,
  resetPasswordSeconds: 60 * 60,
} as const;

/** Days the review page keeps working after a subscription ends (decisions.md). */
export const SUBSCRIPTION_GRACE_DAYS = 7;
/** Soft-deleted owners are purged after the spec's 30-day export window. */
export const DELETED_OWNER_RETENTION_DAYS = 30;

export const OWNER_STATUSES = ['pending', 'active', 'inactive'] as const;
export type TOwnerStatus = (typeof OWNER_STATUSES)[number];
/** The admin user-edit form offers only these (spec section 4). */
export const OWNER_EDITABLE_STATUSES = ['pending', 'active'] as const;
/** The admin users list's status filter: a status of the live owners, or the deleted owners. */
export const ADMIN_USER_STATUS_FILTERS = [...OWNER_STATUSES, 'deleted'] as const;
export type TAdminUserStatusFilter = (typeof ADMIN_USER_STATUS_FILTERS)[number];

/** Where a review came from: the business's QR review page, or its Google Business Profile. */
export const REVIEW_SOURCES = ['qr', 'google'] as const;
export type TReviewSource = (typeof REVIEW_SOURCES)[number];
export const REVIEW_SOURCE_FILTERS = ['all', ...REVIEW_SOURCES] as const;
export type TReviewSourceFilter = (typeof REVIEW_SOURCE_FILTERS)[number];
export const REVIEW_SOURCE_LABELS: Record<TReviewSource, string> = { qr: 'QR', google: 'Google' };

/** The owner's customers list filter (review requests). */
export const CONTACT_FILTERS = ['all', 'reachable', 'opted-out'] as const;
export type TContactFilter = (typeof CONTACT_FILTERS)[number];

export const REGISTRATION_SOURCES = ['website', 'manual'] as const;
export type TRegistrationSource = (typeof REGISTRATION_SOURCES)[number];

export const REVIEW_FLOWS = ['smart', 'open'] as const;
export type TReviewFlow = (typeof REVIEW_FLOWS)[number];

// The languages of the customer review page (REVIEW_PAGE_LANGUAGES) live in rules/languages.ts.

export const PAYMENT_STATUSES = ['captured', 'pending', 'failed'] as const;
export type TPaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_PURPOSES = ['registration', 'renewal', 'upgrade'] as const;
export type TPaymentPurpose = (typeof PAYMENT_PURPOSES)[number];
export const PAYMENT_PROVIDERS = ['razorpay', 'test'] as const;
export type TPaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export const MANUAL_PAYMENT_METHODS = ['cash', 'cheque', 'razorpay', 'bank_transfer', 'upi'] as const;
export type TManualPaymentMethod = (typeof MANUAL_PAYMENT_METHODS)[number];

export const ADMIN_ROLES = ['super_admin', 'admin'] as const;
export type TAdminRole = (typeof ADMIN_ROLES)[number];
export const ADMIN_STATUSES = ['active', 'disabled'] as const;
export type TAdminStatus = (typeof ADMIN_STATUSES)[number];

export const AGENT_STATUSES = ['active', 'inactive'] as const;
export type TAgentStatus = (typeof AGENT_STATUSES)[number];

export const LEAD_STATUSES = ['new', 'contacted', 'converted', 'closed'] as const;
export type TLeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_SOURCES = ['organic', 'paid', 'referral', 'other', 'website'] as const;
export type TLeadSource = (typeof LEAD_SOURCES)[number];
export const LEAD_SUBJECTS = [
  { value: 'demo', label: 'Schedule a Demo' },
  { value: 'pricing', label: 'Pricing & Plans' },
  { value: 'implementation', label: 'Implementation Questions' },
  { value: 'features', label: 'Feature Discussion' },
  { value: 'partnership', label: 'Partnership Opportunity' },
] as const;

export const SENTIMENT_LABELS = ['positive', 'neutral', 'negative'] as const;
export type TSentimentLabel = (typeof SENTIMENT_LABELS)[number];
export const REPLY_STATUSES = ['none', 'pending', 'drafted', 'sent', 'failed'] as const;
export type TReplyStatus = (typeof REPLY_STATUSES)[number];

export const REPORT_TYPES = ['users', 'payments', 'manual-payments', 'reviews', 'agents'] as const;
export type TReportType = (typeof REPORT_TYPES)[number];

export const ONE_TIME_TOKEN_KINDS = ['set_password', 'reset_password'] as const;
export type TOneTimeTokenKind = (typeof ONE_TIME_TOKEN_KINDS)[number];

export const MAIL_STATUSES = ['queued', 'sent', 'failed', 'outbox'] as const;
export type TMailStatus = (typeof MAIL_STATUSES)[number];
