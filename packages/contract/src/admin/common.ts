import { z } from 'zod';
import { ZPageQuery } from '../list-query.ts';
import { optionalChoice } from '../schema-helpers.ts';

/**
 * What the admin areas share: their server texts, the `{id}` path parameter and the sort order of
 * the query-string lists.
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

/** Texts of agents, leads, onboarding and reports that the spec leaves open (section 8 gives only the client's fallbacks). */
export const ADMIN_OPS_TEXTS = {
  agentNotFound: 'Agent not found',
  agentPhoneTaken: 'An agent with this phone number already exists',
  agentEmailTaken: 'An agent with this email already exists',
  agentCodesExhausted: 'No free agent code is left. Please contact support.',
  agentDeleted: 'Agent deleted successfully',
  leadNotFound: 'Lead not found',
  leadDeleted: 'Lead deleted successfully',
  onboardingCount: 'Add between 1 and 10 customers',
  onboardingMissing: 'Please fill in the customer and payment details',
  codeTaken: 'This business code is taken',
  phoneTaken: 'This phone number is already registered',
  codeRepeated: (other: number) => `This business code is already used by Customer ${other}`,
  phoneRepeated: (other: number) => `This phone number is already used by Customer ${other}`,
  stateUnknown: 'Choose a state from the list',
  cityNotInState: (state: string) => `Choose a city of ${state}`,
  agentUnknown: 'This agent does not exist',
  reportQueued: (type: string, email: string) => `${type} report will be emailed to ${email}`,
  reportTypeRequired: 'Please select report type',
} as const;

/** Path parameter `{id}` of every admin route: decimal digits only ('3.0' or '0x3' is not an id). */
export const ZAdminIdParam = z.object({
  id: z
    .string({ message: 'Invalid id' })
    .regex(/^\d{1,15}$/, 'Invalid id')
    .transform(Number)
    .pipe(z.number().int('Invalid id').positive('Invalid id')),
});

/** The same id in a tRPC input: a positive whole number, never text or `true`. */
export const ZIdInput = z.object({
  id: z.number({ message: 'Invalid id' }).int('Invalid id').positive('Invalid id'),
});

/** The same parameter, under the name the agent and lead routes import. */
export const ZAdminOpsIdParam = ZAdminIdParam;

export const ADMIN_SORT_ORDERS = ['asc', 'desc'] as const;
export type TAdminSortOrder = (typeof ADMIN_SORT_ORDERS)[number];

/**
 * `sortOrder` of the reviews and manual payments lists: asc or desc, desc when absent or empty.
 * (Agents and leads take a plain enum with a default: a different message, kept as it was.)
 */
export const ZSortOrderParam = optionalChoice(ADMIN_SORT_ORDERS, ADMIN_TEXTS.sortOrderInvalid).transform(
  (v): TAdminSortOrder => v ?? 'desc',
);

/**
 * The list query of agents and leads: ZPageQuery plus `sortBy` (one of `fields`, `fallback` when
 * absent) and `sortOrder` (desc when absent); unlike ZSortOrderParam, an empty value is refused.
 */
export const sortableListQuery = <const F extends readonly [string, ...string[]]>(
  fields: F,
  fallback: F[number],
) =>
  ZPageQuery.extend({
    sortBy: z.enum(fields).default(fallback),
    sortOrder: z.enum(ADMIN_SORT_ORDERS).default('desc'),
  });
