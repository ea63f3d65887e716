import { z } from 'zod';
import { ADMIN_USER_STATUS_FILTERS, OWNER_STATUSES, REGISTRATION_SOURCES } from '../constants.ts';
import { ZIsoDate, ZMessageResult } from '../dto.ts';
import { pageAnswer, ZPageQuery } from '../list-query.ts';
import { MESSAGES } from '../messages.ts';
import { BUSINESS_CODE_PATTERN, EMAIL_PATTERN, HTTP_URL_PATTERN, PHONE_10_PATTERN } from '../patterns.ts';
import { PLAN_KEYS } from '../plans.ts';
import { GOOGLE_CONNECTION_STATUSES } from '../rules/google.ts';
import {
  countsOf,
  monthFigures,
  OWNER_IDENTITY_FIELDS,
  optionalChoice,
  optionalText,
  required,
  SYNC_OUTCOME_FIELDS,
} from '../schema-helpers.ts';

/** Users management (spec section 3): the owners list with its summary counts, edit and delete. */

/** Users summary counts of section 3 (deleted owners are counted only in `deleted`). */
export const ZAdminUserCounts = countsOf([
  'total',
  'newThisMonth',
  'withReviews',
  'referred',
  'active',
  'pending',
  'inactive',
  'deleted',
  'manualOnboarded',
]);
export type TAdminUserCounts = z.infer<typeof ZAdminUserCounts>;

/** Deleted owners are left out unless status=deleted. Search covers name, business, phone, code, email. */
export const ZAdminUsersQuery = ZPageQuery.extend({
  status: optionalChoice(ADMIN_USER_STATUS_FILTERS, 'status must be pending, active, inactive or deleted'),
});
export type TAdminUsersQuery = z.infer<typeof ZAdminUsersQuery>;

export const ZAdminUser = z.object({
  ...OWNER_IDENTITY_FIELDS,
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
  /** The paying customer this business is a branch of, and how many branches it has. */
  account: z.object({ id: z.number().int(), name: z.string(), branches: z.number().int() }),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

export const ZAdminUsersResponse = pageAnswer('users', ZAdminUser, {
  activeUsers: z.number().int(),
  pendingUsers: z.number().int(),
  deletedUsers: z.number().int(),
  counts: ZAdminUserCounts,
});
export type TAdminUsersResponse = z.infer<typeof ZAdminUsersResponse>;

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
export const ZAdminUserDeleteResponse = ZMessageResult;

/** An owner's Google connection as admins see it (user details): never a token, never reviews. */
export const ZAdminUserGoogle = z.object({
  status: z.enum(GOOGLE_CONNECTION_STATUSES),
  locationTitle: z.string().nullable(),
  connectedAt: ZIsoDate.nullable(),
  ...SYNC_OUTCOME_FIELDS,
  revokedAt: ZIsoDate.nullable(),
  reviewCount: z.number().int(),
});
export type TAdminUserGoogle = z.infer<typeof ZAdminUserGoogle>;

/** An owner's requests per IST month, for admins (the user details). */
export const ZAdminRequestUsage = z.object({
  months: z.array(monthFigures(['requests'])),
  limit: z.number().int(),
});
export type TAdminRequestUsage = z.infer<typeof ZAdminRequestUsage>;
