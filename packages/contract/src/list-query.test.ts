import { describe, expect, it } from 'vitest';
import {
  ZAdminActivityQuery,
  ZAdminManualPaymentsQuery,
  ZAdminReviewsQuery,
  ZAdminUsersQuery,
  ZAgentListInput,
  ZLeadListInput,
  ZOutboxListInput,
  ZOwnerReviewsInput,
  ZPageQuery,
} from './index.ts';

/** Every list query extends ZPageQuery: the same page, limit and search rules everywhere. */
describe('ZPageQuery and the list queries built on it', () => {
  it('coerces query-string numbers, defaults page 1 and limit 10, and drops an empty search', () => {
    expect(ZPageQuery.parse({})).toEqual({ page: 1, limit: 10 });
    expect(ZPageQuery.parse({ page: '3', limit: '25', search: '  Asha ' })).toEqual({
      page: 3,
      limit: 25,
      search: 'Asha',
    });
    expect(ZPageQuery.parse({ search: '   ' }).search).toBeUndefined();
  });

  it('refuses a page below 1, a limit outside 1 to 100 and a search over 200 characters', () => {
    for (const bad of [
      { page: '0' },
      { limit: '0' },
      { limit: '101' },
      { page: '1.5' },
      { search: 'x'.repeat(201) },
    ]) {
      expect(ZPageQuery.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('shares those rules with every list query', () => {
    for (const query of [
      ZAdminUsersQuery,
      ZAdminReviewsQuery,
      ZAdminManualPaymentsQuery,
      ZAgentListInput,
      ZLeadListInput,
    ]) {
      expect(query.parse({ page: '2', search: ' x ' })).toMatchObject({ page: 2, limit: 10, search: 'x' });
      expect(query.safeParse({ limit: '101' }).success).toBe(false);
    }
    expect(ZAdminActivityQuery.parse({ page: '2', search: 'ignored' })).toEqual({ page: 2, limit: 10 });
  });

  it("keeps the owner's reviews at 5 a page (at most 50) and the outbox at 50 (at most 200)", () => {
    expect(ZOwnerReviewsInput.parse({})).toEqual({ page: 1, limit: 5 });
    expect(ZOwnerReviewsInput.safeParse({ limit: '51' }).success).toBe(false);
    expect(ZOutboxListInput.parse(undefined)).toEqual({ limit: 50 });
    expect(ZOutboxListInput.safeParse({ limit: '201' }).success).toBe(false);
  });

  it('sorts the users-area lists leniently and agents and leads strictly, both desc by default', () => {
    expect(ZAdminReviewsQuery.parse({ sortBy: '', sortOrder: '' })).toMatchObject({
      sortBy: 'createdAt',
      sortOrder: 'desc',
    });
    expect(ZAdminReviewsQuery.safeParse({ sortOrder: 'up' }).error?.issues[0]?.message).toBe(
      'sortOrder must be asc or desc',
    );
    expect(ZAgentListInput.parse({})).toMatchObject({ sortBy: 'createdAt', sortOrder: 'desc' });
    expect(ZLeadListInput.safeParse({ sortOrder: '' }).success).toBe(false);
    expect(ZAdminUsersQuery.parse({ status: '' }).status).toBeUndefined();
  });
});
