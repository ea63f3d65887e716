import { describe, expect, it } from 'vitest';
import { branchInScope, MEMBER_ROLES, OWNER_PERMISSIONS, roleAllows } from './roles.ts';

describe('roles', () => {
  it('owner: everything; manager: read and manage; staff: read only', () => {
    const table = Object.fromEntries(
      MEMBER_ROLES.map((role) => [role, OWNER_PERMISSIONS.filter((p) => roleAllows(role, p))]),
    );
    expect(table).toEqual({
      owner: ['read', 'manage', 'account'],
      manager: ['read', 'manage'],
      staff: ['read'],
    });
  });

  it('a member limited to some branches uses only those; null means every branch', () => {
    expect(branchInScope(null, 7)).toBe(true);
    expect(branchInScope([3, 7], 7)).toBe(true);
    expect(branchInScope([3], 7)).toBe(false);
    expect(branchInScope([], 7)).toBe(false);
  });
});
