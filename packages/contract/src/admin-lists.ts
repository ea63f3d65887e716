import { z } from 'zod';
import {
  ADMIN_ROLES,
  ADMIN_STATUSES,
  LIMITS,
  MANUAL_PAYMENT_METHODS,
  OWNER_STATUSES,
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
  REGISTRATION_SOURCES,
  REPLY_STATUSES,
  SENTIMENT_LABELS,
} from './constants.ts';
import { ZIsoDate } from './dto.ts';
import { MESSAGES } from './messages.ts';
import { PLAN_KEYS } from './plans.ts';
import {
  BUSINESS_CODE_PATTERN,
  EMAIL_PATTERN,
  HTTP_URL_PATTERN,
  PHONE_10_PATTERN,
  ZPageMeta,
  ZPageQuery,
} from './schemas.ts';

/**
 * Input and output of the admin back-office, part 1: overview, users, reviews, payments, manual
 * payments and admins (spec sections 2, 3, 7, 8). Money: `payments.amount` and the payments list's
 * `totalRevenue` are paise; manual payments and the overview's `revenue` are whole rupees.
 */

/** Server texts of the admin screens (section 8 where the spec gives them, ours otherwise). */
export const ADMIN_TEXTS = {
  userUpdated: 'User updated successfully!',
  userDeleted: 'User deleted successfully!',
  userNotFound: 'User not found',
  phoneTaken: 'This phone number is already registered',
  codeTaken: 'This business code is taken',
  agentNotFound: 'Agent not found',
  adminNotFound: 'Admin not found',
  adminEmailTaken: 'An admin with this email already exists',
  cannotDisableSelf: 'You cannot disable your own account',
  lastSuperAdmin: 'There must always be at least one active super admin',
  nothingToChange: 'Say what to change: role or status',
  sortOrderInvalid: 'sortOrder must be asc or desc',
} as const;

export const ADMIN_SORT_ORDERS = ['asc', 'desc'] as const;
export type TAdminSortOrder = (typeof ADMIN_SORT_ORDERS)[number];

/** An optional enum query parameter where an empty string (`?status=`) means "not given". */
function optionalChoice<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z
    .enum([...values, ''] as unknown as [T[number] | '', ...(T[number] | '')[]], { message })
    .optional()
    .transform((v) => (v === '' || v === undefined ? undefined : (v as T[number])));
}

const ZSortOrder = optionalChoice(ADMIN_SORT_ORDERS, ADMIN_TEXTS.sortOrderInvalid).transform(
  (v): TAdminSortOrder => v ?? 'desc',
);

// ---------------------------------------------------------------- overview

/** Users summary counts of section 3 (deleted owners are counted only in `deleted`). */
export const ZAdminUserCounts = z.object({
  total: z.number().int(),
  newThisMonth: z.number().int(),
  withReviews: z.number().int(),
  referred: z.number().int(),
  active: z.number().int(),
  pending: z.number().int(),
  inactive: z.number().int(),
  deleted: z.number().int(),
  manualOnboarded: z.number().int(),
});
export type TAdminUserCounts = z.infer<typeof ZAdminUserCounts>;

export const ZAdminStats = z.object({
  /** Owners that are not deleted. */
  totalUsers: z.number().int(),
  /** RUPEES: razorpay = captured paise / 100; manual = whole rupees; total = both. */
  revenue: z.object({ total: z.number(), razorpay: z.number(), manual: z.number() }),
  totalReviews: z.number().int(),
  /** Platform average, one decimal. */
  averageRating: z.number(),
  /** Ratings 1 to 3. */
  lowRatingCount: z.number().int(),
  /** Ratings 4 and 5. */
  highRatingCount: z.number().int(),
  manualOnboardedUsers: z.number().int(),
  users: ZAdminUserCounts,
});
export type TAdminStats = z.infer<typeof ZAdminStats>;

export const ZAdminStatsResponse = z.object({ success: z.literal(true), stats: ZAdminStats });
export type TAdminStatsResponse = z.infer<typeof ZAdminStatsResponse>;

export const ZAdminCharts = z.object({
  /** The last 12 months, oldest first, in RUPEES. */
  revenueByMonth: z.array(z.object({ month: z.string(), razorpay: z.number(), manual: z.number() })),
  /** The last 12 months, oldest first. */
  reviewsByMonth: z.array(z.object({ month: z.string(), count: z.number().int() })),
});
export type TAdminCharts = z.infer<typeof ZAdminCharts>;

export const ZAdminOverview = ZAdminStatsResponse.extend({ charts: ZAdminCharts });
export type TAdminOverview = z.infer<typeof ZAdminOverview>;

export const ZAdminActivityQuery = ZPageQuery.pick({ page: true, limit: true });
export type TAdminActivityQuery = z.infer<typeof ZAdminActivityQuery>;

export const ZAdminActivity = z.object({
  type: z.string(),
  message: z.string(),
  code: z.string().nullable(),
  createdAt: ZIsoDate,
});
export const ZAdminActivityResponse = z.object({
  success: z.literal(true),
  activities: z.array(ZAdminActivity),
  meta: ZPageMeta,
});
export type TAdminActivityResponse = z.infer<typeof ZAdminActivityResponse>;

// ---------------------------------------------------------------- users

export const ADMIN_USER_STATUS_FILTERS = [...OWNER_STATUSES, 'deleted'] as const;
export type TAdminUserStatusFilter = (typeof ADMIN_USER_STATUS_FILTERS)[number];

/** Deleted owners are left out unless status=deleted. Search covers name, business, phone, code, email. */
export const ZAdminUsersQuery = ZPageQuery.extend({
  status: optionalChoice(ADMIN_USER_STATUS_FILTERS, 'status must be pending, active, inactive or deleted'),
});
export type TAdminUsersQuery = z.infer<typeof ZAdminUsersQuery>;

export const ZAdminUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  businessName: z.string(),
  contactNumber: z.string(),
  code: z.string(),
  reviewLink: z.string().nullable(),
  status: z.enum(OWNER_STATUSES),
  plan: z.enum(PLAN_KEYS),
  createdAt: ZIsoDate,
  subscriptionStart: ZIsoDate.nullable(),
  subscriptionEnd: ZIsoDate.nullable(),
  registrationSource: z.enum(REGISTRATION_SOURCES),
  state: z.string().nullable(),
  city: z.string().nullable(),
  /** The sales representative as typed at registration, else the linked agent's name. */
  agentName: z.string().nullable(),
  agent: z.object({ id: z.number().int(), name: z.string(), phone: z.string() }).nullable(),
  /** Set when the owner was deleted (soft delete); null otherwise. */
  deletedAt: ZIsoDate.nullable(),
  _count: z.object({ reviews: z.number().int(), payments: z.number().int() }),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

export const ZAdminUsersResponse = z.object({
  success: z.literal(true),
  users: z.array(ZAdminUser),
  meta: ZPageMeta,
  activeUsers: z.number().int(),
  pendingUsers: z.number().int(),
  deletedUsers: z.number().int(),
  counts: ZAdminUserCounts,
});
export type TAdminUsersResponse = z.infer<typeof ZAdminUsersResponse>;

const required = (message: string) => z.string({ message }).trim().min(1, message);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));

const ue = MESSAGES.userEdit;
/** PUT /api/admin/users/{id}: name, business, phone and code required; the rest optional (absent = unchanged). */
export const ZAdminUserUpdate = z.object({
  name: required(ue.nameRequired).max(120),
  businessName: required(ue.businessNameRequired).max(200),
  contactNumber: required(ue.contactNumberRequired).regex(PHONE_10_PATTERN, ue.contactNumberInvalid),
  code: required(ue.codeRequired)
    .toLowerCase()
    .regex(BUSINESS_CODE_PATTERN, MESSAGES.registration.codeInvalid),
  /** Must be an http(s) URL; an empty string clears it. */
  reviewLink: z
    .string()
    .trim()
    .max(2000)
    .nullable()
    .optional()
    .refine((v) => !v || HTTP_URL_PATTERN.test(v), ue.reviewLinkInvalid)
    .transform((v) => (v === '' ? null : v)),
  /** The edit form offers pending and active; inactive (review page off at once) is accepted too. */
  status: z.enum(OWNER_STATUSES, { message: 'Status must be pending, active or inactive' }).optional(),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(200)
    .nullable()
    .optional()
    .refine((v) => !v || EMAIL_PATTERN.test(v), MESSAGES.registration.emailInvalid)
    .transform((v) => (v === '' ? null : v)),
  state: optionalText(100),
  city: optionalText(100),
  plan: z.enum(PLAN_KEYS).optional(),
  /** Link to an agent (null: direct). */
  agentId: z.number().int().positive().nullable().optional(),
});
export type TAdminUserUpdate = z.infer<typeof ZAdminUserUpdate>;

export const ZAdminUserUpdateResponse = z.object({ success: z.literal(true), user: ZAdminUser });
export const ZAdminUserDeleteResponse = z.object({ success: z.literal(true), message: z.string() });

export const ZAdminIdParam = z.object({
  id: z.coerce.number({ message: 'Invalid id' }).int('Invalid id').positive('Invalid id'),
});

// ---------------------------------------------------------------- reviews

export const ADMIN_REVIEW_SORTS = ['createdAt', 'rating'] as const;
export const ZAdminReviewsQuery = ZPageQuery.extend({
  sortBy: optionalChoice(ADMIN_REVIEW_SORTS, 'sortBy must be createdAt or rating').transform(
    (v) => v ?? 'createdAt',
  ),
  sortOrder: ZSortOrder,
});
export type TAdminReviewsQuery = z.infer<typeof ZAdminReviewsQuery>;

export const ZAdminReview = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  code: z.string(),
  rating: z.number().int(),
  message: z.string(),
  createdAt: ZIsoDate,
  sentimentLabel: z.enum(SENTIMENT_LABELS).nullable(),
  sentimentScore: z.number().nullable(),
  replyStatus: z.enum(REPLY_STATUSES),
  replyText: z.string().nullable(),
  user: z.object({ businessName: z.string(), name: z.string() }),
});
export type TAdminReview = z.infer<typeof ZAdminReview>;

export const ZAdminReviewsResponse = z.object({
  success: z.literal(true),
  reviews: z.array(ZAdminReview),
  meta: ZPageMeta,
  /** Platform average (one decimal) and total, whatever the search. */
  avgRating: z.number(),
  totalReviews: z.number().int(),
});
export type TAdminReviewsResponse = z.infer<typeof ZAdminReviewsResponse>;

// ---------------------------------------------------------------- payments

/** Search covers the order and payment ids and the owner's name, business, code, phone and email. */
export const ZAdminPaymentsQuery = ZPageQuery;
export type TAdminPaymentsQuery = z.infer<typeof ZAdminPaymentsQuery>;

export const ZAdminPayment = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  user: z.object({
    name: z.string(),
    businessName: z.string(),
    code: z.string(),
    contactNumber: z.string(),
  }),
  plan: z.enum(PLAN_KEYS),
  purpose: z.enum(PAYMENT_PURPOSES),
  /** Paise. */
  amount: z.number().int(),
  status: z.enum(PAYMENT_STATUSES),
  paymentMethod: z.string().nullable(),
  razorpayOrderId: z.string().nullable(),
  razorpayPaymentId: z.string().nullable(),
  razorpaySignature: z.string().nullable(),
  createdAt: ZIsoDate,
});
export type TAdminPayment = z.infer<typeof ZAdminPayment>;

export const ZAdminPaymentsResponse = z.object({
  success: z.literal(true),
  payments: z.array(ZAdminPayment),
  meta: ZPageMeta,
  /** Paise, captured payments only, all time. */
  totalRevenue: z.number().int(),
  paymentStatusCounts: z.object({
    pending: z.number().int(),
    failed: z.number().int(),
    captured: z.number().int(),
  }),
});
export type TAdminPaymentsResponse = z.infer<typeof ZAdminPaymentsResponse>;

// ---------------------------------------------------------------- manual payments

export const ADMIN_MANUAL_PAYMENT_SORTS = ['id', 'amount', 'paymentMethod', 'createdAt'] as const;
/** Search covers notes, email, method and the linked owners' name, business, code, phone and email. */
export const ZAdminManualPaymentsQuery = ZPageQuery.extend({
  sortBy: optionalChoice(
    ADMIN_MANUAL_PAYMENT_SORTS,
    'sortBy must be id, amount, paymentMethod or createdAt',
  ).transform((v) => v ?? 'createdAt'),
  sortOrder: ZSortOrder,
});
export type TAdminManualPaymentsQuery = z.infer<typeof ZAdminManualPaymentsQuery>;

export const ZAdminManualPayment = z.object({
  id: z.number().int(),
  /** Whole rupees. */
  amount: z.number(),
  paymentMethod: z.string(),
  status: z.string(),
  notes: z.string().nullable(),
  createdAt: ZIsoDate,
  updatedAt: ZIsoDate,
  users: z.array(
    z.object({
      user: z.object({
        id: z.number().int(),
        name: z.string(),
        businessName: z.string(),
        contactNumber: z.string(),
      }),
    }),
  ),
});
export type TAdminManualPayment = z.infer<typeof ZAdminManualPayment>;

export const ZAdminManualPaymentsResponse = z.object({
  success: z.literal(true),
  payments: z.array(ZAdminManualPayment),
  /** Whole rupees, all manual payments. */
  totalRevenue: z.number(),
  /** Every method, zero counts included. */
  paymentMethodCounts: z.array(
    z.object({ paymentMethod: z.enum(MANUAL_PAYMENT_METHODS), count: z.number().int() }),
  ),
  meta: ZPageMeta,
});
export type TAdminManualPaymentsResponse = z.infer<typeof ZAdminManualPaymentsResponse>;

// ---------------------------------------------------------------- admins

export const ZAdminAccount = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ADMIN_ROLES),
  status: z.enum(ADMIN_STATUSES),
  createdAt: ZIsoDate,
  lastLogin: ZIsoDate.nullable(),
});
export type TAdminAccount = z.infer<typeof ZAdminAccount>;

export const ZAdminAccountsResponse = z.object({ admins: z.array(ZAdminAccount) });
export type TAdminAccountsResponse = z.infer<typeof ZAdminAccountsResponse>;

const al = MESSAGES.adminLogin;
export const ZAdminAccountCreate = z.object({
  name: required('Name is required').max(120),
  email: required(al.emailRequired).toLowerCase().regex(EMAIL_PATTERN, al.emailInvalid),
  password: z
    .string({ message: al.passwordRequired })
    .min(1, al.passwordRequired)
    .min(LIMITS.passwordMin, al.passwordMin)
    .max(200),
  role: z.enum(ADMIN_ROLES, { message: 'Role must be super_admin or admin' }),
});
export type TAdminAccountCreate = z.infer<typeof ZAdminAccountCreate>;

export const ZAdminAccountUpdate = z
  .object({
    role: z.enum(ADMIN_ROLES, { message: 'Role must be super_admin or admin' }).optional(),
    status: z.enum(ADMIN_STATUSES, { message: 'Status must be active or disabled' }).optional(),
  })
  .refine((v) => v.role !== undefined || v.status !== undefined, ADMIN_TEXTS.nothingToChange);
export type TAdminAccountUpdate = z.infer<typeof ZAdminAccountUpdate>;

export const ZAdminAccountResponse = z.object({ success: z.literal(true), admin: ZAdminAccount });
export type TAdminAccountResponse = z.infer<typeof ZAdminAccountResponse>;
