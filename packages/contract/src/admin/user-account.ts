import { z } from 'zod';
import { ZIsoDate } from '../dto.ts';
import { ZAccountBranch, ZAccountInvitation, ZAccountMember } from '../owner/account.ts';
import { ZBranchCreate } from '../owner/account-branches.ts';
import { ZAccountClosure } from '../owner/account-closure.ts';
import { AUDIT_ACTOR_KINDS } from './audit-values.ts';
import { ZIdInput } from './common.ts';

/**
 * A business's account as admins see it (issue 31: the Users screen's user details): the account,
 * its branches, people and open invitations, and its audit trail; and the admin changes over
 * accounts: resending the owner's set-password link, moving a branch to another account, merging
 * one account into another.
 */

export const USER_ACCOUNT_TEXTS = {
  accountNotFound: 'Account not found',
  accountIdInvalid: 'Enter the id of an account (a whole number)',
  alreadyInAccount: 'This branch already belongs to that account.',
  lastBranch:
    'This is the last branch of its account: merge the account into the other one instead of moving it.',
  mergeIntoItself: 'Choose another account to merge into.',
  branchMoved: (business: string, account: string) => `${business} now belongs to ${account}.`,
  accountMerged: (from: string, into: string, branches: number) =>
    `${from} was merged into ${into} (${branches} branch${branches === 1 ? '' : 'es'}).`,
  passwordAlreadySet:
    'The owner has already set a password. They can use "Forgot password?" on the sign-in page.',
  noOwner: 'This business has no owner to send a link to.',
  noEmail: 'The owner has no email address. Add one with Edit, then resend the link.',
  invitationResent: (email: string) =>
    `A new set-password link was sent to ${email}. The previous link no longer works.`,
} as const;

/** A branch of the account (deleted ones too, with the date). */
export const ZAdminUserAccountBranch = ZAccountBranch.pick({
  id: true,
  businessName: true,
  code: true,
  city: true,
  status: true,
  plan: true,
}).extend({ deletedAt: ZIsoDate.nullable() });
export type TAdminUserAccountBranch = z.infer<typeof ZAdminUserAccountBranch>;

/** A person of the account with their role and branches (null: all), and whether they chose a password. */
export const ZAdminUserAccountPerson = ZAccountMember.extend({ passwordSet: z.boolean() });
export type TAdminUserAccountPerson = z.infer<typeof ZAdminUserAccountPerson>;

/** One line of the account's audit trail: who did what, when, told in a sentence. */
export const ZAdminUserAccountAudit = z.object({
  id: z.number().int(),
  action: z.string(),
  actor: z.object({
    kind: z.enum(AUDIT_ACTOR_KINDS),
    id: z.number().int().nullable(),
    /** The admin's or person's name, or the business for an owner's own settings; null for the system. */
    name: z.string().nullable(),
  }),
  summary: z.string(),
  createdAt: ZIsoDate,
});
export type TAdminUserAccountAudit = z.infer<typeof ZAdminUserAccountAudit>;

/** GET /api/admin/users/{id}/account and admin.users.account. */
export const ZAdminUserAccount = z.object({
  /** The business asked about. */
  businessId: z.number().int(),
  account: z.object({ id: z.number().int(), name: z.string(), createdAt: ZIsoDate }),
  branches: z.array(ZAdminUserAccountBranch),
  people: z.array(ZAdminUserAccountPerson),
  invitations: z.array(ZAccountInvitation),
  /**
   * Whether the owner of this business has chosen a password; false: their set-password link can be
   * resent (POST /api/admin/users/{id}/resend-invitation).
   */
  ownerPasswordSet: z.boolean(),
  /** Whether the account is closed, and when its data is erased (issue 35): the Reopen button. */
  closure: ZAccountClosure,
  /** The latest 50 entries; null for an admin who is not a super admin (the audit trail is theirs). */
  audit: z.array(ZAdminUserAccountAudit).nullable(),
});
export type TAdminUserAccount = z.infer<typeof ZAdminUserAccount>;

const accountId = z
  .number({ message: USER_ACCOUNT_TEXTS.accountIdInvalid })
  .int(USER_ACCOUNT_TEXTS.accountIdInvalid)
  .positive(USER_ACCOUNT_TEXTS.accountIdInvalid)
  .max(Number.MAX_SAFE_INTEGER, USER_ACCOUNT_TEXTS.accountIdInvalid);

/** POST /api/admin/users/{id}/move: the business {id} becomes a branch of account `accountId`. */
export const ZAdminMoveUser = ZIdInput.extend({ accountId });
export type TAdminMoveUser = z.infer<typeof ZAdminMoveUser>;

/** POST /api/admin/accounts/{id}/merge: every branch and person of account {id} go to `intoAccountId`. */
export const ZAdminMergeAccount = ZIdInput.extend({ intoAccountId: accountId });
export type TAdminMergeAccount = z.infer<typeof ZAdminMergeAccount>;

/** POST /api/admin/accounts/{id}/branches: a branch added to the account by an admin (as its owners add one). */
export const ZAdminAddBranch = ZIdInput.extend(ZBranchCreate.shape);
export type TAdminAddBranch = z.infer<typeof ZAdminAddBranch>;
