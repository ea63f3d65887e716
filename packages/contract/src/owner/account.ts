import { z } from 'zod';
import { REVIEW_SOURCES } from '../constants.ts';
import { ZIsoDate } from '../dto.ts';
import { pageLimit, ZPageMeta, ZPageQuery } from '../list-query.ts';
import { PHONE_10_PATTERN } from '../patterns.ts';
import { PLAN_KEYS } from '../plans.ts';
import { INVITED_ROLES, MEMBER_ROLES } from '../rules/roles.ts';
import { password, wholeNumberInput } from '../schema-helpers.ts';
import { ZOwnerReview, ZOwnerReviewsInput } from './dashboard.ts';
import { REQUEST_CATEGORIES, REQUEST_CHANNELS, REQUEST_STATUSES } from './requests.ts';

/**
 * Accounts, branches and the team (owner.account.*, owner.team.*; `/api/v1/account…`): the paying
 * customer, its businesses (branches) and its people with their roles.
 */

export const ACCOUNT_TEXTS = {
  businessHeaderInvalid: 'X-Business-Id must be the id of one of your branches.',
  branchForbidden: 'You do not have access to this branch.',
  branchUnpaid: 'This branch is not paid for yet. Pay for it on the Plan page to open its review page.',
  payForBranch: 'Pay for this branch',
  manageForbidden: 'Only the account owner or a manager of this branch can do this.',
  accountForbidden: 'Only an owner of the account can do this.',
  teamProfessionalOnly:
    'Team members are part of the Professional plan. Upgrade on the Plan page to invite your team.',
  invitationSent: 'Invitation created. Share the link with them.',
  invitationInvalid: 'This invitation link is invalid, used, revoked or expired.',
  invitationRevoked: 'Invitation revoked.',
  invitationAccepted: 'Welcome to the team!',
  alreadyMember: 'This person is already in your team.',
  phoneIsMember: 'This phone number already belongs to someone in your team.',
  nameRequired: 'Name is required',
  memberNotFound: 'Team member not found',
  memberUpdated: 'Team member updated.',
  memberRemoved: 'Team member removed.',
  lastOwner: 'An account needs at least one owner: make someone else an owner first.',
  branchesUnknown: 'Choose branches of this account.',
  branchesForOwner: 'An owner works on every branch.',
  /** An operation about the signed-in person (their alert preferences) called with an API key. */
  personOnly:
    'API keys act for the account, not for a person: sign in as the team member whose settings these are.',
} as const;

const ZBusinessIds = z.array(z.number().int().positive()).min(1, ACCOUNT_TEXTS.branchesUnknown).max(500);

/** A branch as the account sees it. */
export const ZAccountBranch = z.object({
  id: z.number().int(),
  businessName: z.string(),
  code: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  status: z.string(),
  plan: z.enum(PLAN_KEYS),
  subscriptionEnd: ZIsoDate.nullable(),
});
export type TAccountBranch = z.infer<typeof ZAccountBranch>;

/** GET /api/v1/account: the account, the caller's role, the branches they can see. */
export const ZAccountAnswer = z.object({
  account: z.object({ id: z.number().int(), name: z.string(), plan: z.enum(PLAN_KEYS), createdAt: ZIsoDate }),
  role: z.enum(MEMBER_ROLES),
  /** The branch this call was answered for (X-Business-Id, or the caller's first branch). */
  currentBusinessId: z.number().int(),
  branches: z.array(ZAccountBranch),
});
export type TAccountAnswer = z.infer<typeof ZAccountAnswer>;

export const ZAccountMember = z.object({
  personId: z.number().int(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  role: z.enum(MEMBER_ROLES),
  /** The branches they may use; null: every branch. */
  businessIds: z.array(z.number().int()).nullable(),
  joinedAt: ZIsoDate,
});
export type TAccountMember = z.infer<typeof ZAccountMember>;

export const ZAccountInvitation = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  role: z.enum(INVITED_ROLES),
  businessIds: z.array(z.number().int()).nullable(),
  expiresAt: ZIsoDate,
  createdAt: ZIsoDate,
});
export type TAccountInvitation = z.infer<typeof ZAccountInvitation>;

/** GET /api/v1/account/members: the people, and the invitations still open. */
export const ZAccountMembersAnswer = z.object({
  members: z.array(ZAccountMember),
  invitations: z.array(ZAccountInvitation),
});
export type TAccountMembersAnswer = z.infer<typeof ZAccountMembersAnswer>;

/** POST /api/v1/account/invitations. */
export const ZInvitationCreate = z.object({
  name: z.string().trim().min(1, ACCOUNT_TEXTS.nameRequired).max(80),
  phone: z.string().trim().regex(PHONE_10_PATTERN, 'Please enter a valid 10-digit phone number'),
  email: z.email('Please enter a valid email address').max(254).optional(),
  role: z.enum(INVITED_ROLES),
  /** Limit a manager or staff member to these branches; absent: every branch. */
  businessIds: ZBusinessIds.optional(),
});
export type TInvitationCreate = z.infer<typeof ZInvitationCreate>;

export const ZInvitationCreated = z.object({
  id: z.number().int(),
  inviteUrl: z.string(),
  message: z.string(),
});
export type TInvitationCreated = z.infer<typeof ZInvitationCreated>;

/** POST /api/v1/invitations/accept: a new person gives a name; one who exists only the password. */
export const ZInvitationAccept = z.object({
  token: z.string().min(1).max(200),
  name: z.string().trim().min(1, ACCOUNT_TEXTS.nameRequired).max(80).optional(),
  password: password({
    passwordRequired: 'Password is required',
    passwordMin: 'Password must be at least 6 characters',
  }),
});
export type TInvitationAccept = z.infer<typeof ZInvitationAccept>;

/** `{personId}` of the members' paths, as it arrives. */
export const ZPersonIdParam = z.object({
  personId: z
    .string({ message: 'Invalid id' })
    .regex(/^\d{1,15}$/, 'Invalid id')
    .transform(Number)
    .pipe(z.number().int('Invalid id').positive('Invalid id')),
});

/** PATCH /api/v1/account/members/{personId}: what is left out stays as it is. */
export const ZMemberUpdate = z.object({
  personId: z.number().int().positive(),
  role: z.enum(MEMBER_ROLES).optional(),
  /** null: every branch. */
  businessIds: ZBusinessIds.nullable().optional(),
});
export type TMemberUpdate = z.infer<typeof ZMemberUpdate>;

export const ZMemberRemove = z.object({ personId: z.number().int().positive() });

/** GET /api/v1/account/branches?from=&to=: per-branch figures over a range, and their totals. */
export const ZBranchFiguresQuery = z.object({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type TBranchFiguresQuery = z.infer<typeof ZBranchFiguresQuery>;

export const ZBranchFigures = z.object({
  reviews: z.number().int(),
  averageRating: z.number(),
  positiveShare: z.number(),
  lowRatings: z.number().int(),
  replyRate: z.number(),
  requestsSent: z.number().int(),
  requestReviews: z.number().int(),
  requestConversion: z.number(),
  scans: z.number().int(),
  scanReviews: z.number().int(),
  scanConversion: z.number(),
});
export type TBranchFigures = z.infer<typeof ZBranchFigures>;

/**
 * The All branches table's figure columns, in order, with their headers: the screen, its CSV and
 * XLSX files read them from here.
 */
export const BRANCH_FIGURE_COLUMNS = [
  { key: 'reviews', header: 'Reviews', kind: 'count' },
  { key: 'averageRating', header: 'Average', kind: 'rating' },
  { key: 'positiveShare', header: '4-5 stars', kind: 'share' },
  { key: 'lowRatings', header: 'Low ratings', kind: 'count' },
  { key: 'replyRate', header: 'Reply rate', kind: 'share' },
  { key: 'requestConversion', header: 'Requests converted', kind: 'share' },
  { key: 'scans', header: 'Scans', kind: 'count' },
  { key: 'scanConversion', header: 'Scans converted', kind: 'share' },
] as const satisfies readonly {
  key: keyof TBranchFigures;
  header: string;
  kind: 'count' | 'rating' | 'share';
}[];

/** GET /api/v1/account/branches/export: the same table as a CSV or XLSX file. */
export const ZBranchFiguresExport = ZBranchFiguresQuery.extend({
  format: z.enum(['csv', 'xlsx'], { message: 'Format must be csv or xlsx' }).default('csv'),
});
export type TBranchFiguresExport = z.infer<typeof ZBranchFiguresExport>;

/** Ranges up to this many days trend by day; longer ones by week. */
export const TREND_DAYS_MAX = 92;

export const ZBranchFiguresAnswer = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  trendUnit: z.enum(['day', 'week']),
  branches: z.array(
    ZAccountBranch.pick({ id: true, businessName: true, code: true, city: true }).extend({
      figures: ZBranchFigures,
      /**
       * Reviews per `trendUnit` in the range (oldest first; a period without reviews left out), for
       * the trend line. `day` is the period's first IST day (a week starts on Monday).
       */
      trend: z.array(z.object({ day: z.iso.date(), reviews: z.number().int(), averageRating: z.number() })),
    }),
  ),
  totals: ZBranchFigures,
});
export type TBranchFiguresAnswer = z.infer<typeof ZBranchFiguresAnswer>;

/**
 * GET /api/v1/account/reviews: the reviews of every branch the caller can see (or one, `businessId`),
 * newest first, each with its branch. The dashboard list's paging, search and source filter.
 */
export const ZAccountReviewsQuery = ZOwnerReviewsInput.extend({
  businessId: wholeNumberInput(z.number().int().positive()).optional(),
});
export type TAccountReviewsQuery = z.infer<typeof ZAccountReviewsQuery>;

export const ZAccountReview = ZOwnerReview.extend({
  source: z.enum(REVIEW_SOURCES),
  businessId: z.number().int(),
  businessName: z.string(),
});
export type TAccountReview = z.infer<typeof ZAccountReview>;

export const ZAccountReviews = z.object({ reviews: z.array(ZAccountReview), meta: ZPageMeta });
export type TAccountReviews = z.infer<typeof ZAccountReviews>;

/**
 * GET /api/v1/account/requests: the review requests of every branch the caller can see (or one,
 * `businessId`; or of one status), newest first, each with its branch.
 */
export const ZAccountRequestsQuery = z.object({
  page: ZPageQuery.shape.page,
  limit: pageLimit(50, 10),
  businessId: wholeNumberInput(z.number().int().positive()).optional(),
  status: z.enum(REQUEST_STATUSES, { message: 'Unknown request status' }).optional(),
});
export type TAccountRequestsQuery = z.infer<typeof ZAccountRequestsQuery>;

export const ZAccountRequest = z.object({
  id: z.number().int(),
  businessId: z.number().int(),
  businessName: z.string(),
  contactName: z.string().nullable(),
  campaignName: z.string().nullable(),
  category: z.enum(REQUEST_CATEGORIES),
  status: z.enum(REQUEST_STATUSES),
  channel: z.enum(REQUEST_CHANNELS).nullable(),
  sendAt: ZIsoDate,
  sentAt: ZIsoDate.nullable(),
  clicks: z.number().int(),
  rating: z.number().int().nullable(),
  reviewedAt: ZIsoDate.nullable(),
  createdAt: ZIsoDate,
});
export type TAccountRequest = z.infer<typeof ZAccountRequest>;

export const ZAccountRequests = z.object({ requests: z.array(ZAccountRequest), meta: ZPageMeta });
export type TAccountRequests = z.infer<typeof ZAccountRequests>;
