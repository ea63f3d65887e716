import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { en } from './en.ts';
import { OWNER_CATALOG_LOADERS } from './load-catalog.ts';
import { loadOwnerMessages, useOwnerMessages } from './owner-messages.ts';

// In vite.config's ISOLATED_TESTS: the loaded catalogs live in the module, and these tests need it fresh.
describe("the owner area's whole catalog (owner-messages.ts)", () => {
  it('is English at once outside the provider, first-view and other texts alike', () => {
    const { result } = renderHook(() => useOwnerMessages());
    expect(result.current).toBe(en);
    expect(result.current.nav.inbox).toBe('Inbox');
    expect(result.current.requests.card.reviewsFromRequests).toBe('Reviews from requests');
    expect(result.current.plan.invoices).toBeDefined();
  });

  it("loads another language's two parts as one, and tries again after a failed fetch", async () => {
    const rest = vi.spyOn(OWNER_CATALOG_LOADERS.hi, 'rest').mockRejectedValueOnce(new Error('offline'));
    await loadOwnerMessages('hi');
    expect(rest).toHaveBeenCalledTimes(1);
    await loadOwnerMessages('hi');
    expect(rest).toHaveBeenCalledTimes(2);
    await loadOwnerMessages('hi');
    expect(rest).toHaveBeenCalledTimes(2);
  });
});
