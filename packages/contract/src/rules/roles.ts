/**
 * Who may do what in an account. A person's role: owner (everything), manager (everything for
 * their branches except billing, the team, API keys, webhooks and channel credentials), staff
 * (reads the reviews of their branches and works on feedback). Every owner-side operation declares
 * the one permission it needs; this table is the only place that says which roles have it.
 */
export const MEMBER_ROLES = ['owner', 'manager', 'staff'] as const;
export type TMemberRole = (typeof MEMBER_ROLES)[number];

/** The roles an invitation may give (an account's owners are made, not invited). */
export const INVITED_ROLES = ['manager', 'staff'] as const;
export type TInvitedRole = (typeof INVITED_ROLES)[number];

/**
 * What an owner-side operation needs: `read` (see a branch's reviews and figures), `manage`
 * (change a branch: its page, placements, requests, replies, Google), `account` (billing, the
 * team, API keys, webhooks, channel credentials).
 */
export const OWNER_PERMISSIONS = ['read', 'manage', 'account'] as const;
export type TOwnerPermission = (typeof OWNER_PERMISSIONS)[number];

const ROLE_PERMISSIONS: Record<TMemberRole, readonly TOwnerPermission[]> = {
  owner: ['read', 'manage', 'account'],
  manager: ['read', 'manage'],
  staff: ['read'],
};

export function roleAllows(role: TMemberRole, permission: TOwnerPermission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** Whether a member limited to `businessIds` (null: every branch) may use the branch `businessId`. */
export function branchInScope(businessIds: readonly number[] | null, businessId: number): boolean {
  return businessIds === null || businessIds.includes(businessId);
}
