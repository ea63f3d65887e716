import { describe, expect, it, vi } from 'vitest';
import { loadError, loadState, saysFailure } from './paged-data-table.tsx';

describe('loadState', () => {
  it('is loading until the first answer and stale while the previous one is shown', () => {
    expect(loadState({ isPending: true, isPlaceholderData: false })).toEqual({ loading: true, stale: false });
    expect(loadState({ isPending: false, isPlaceholderData: true })).toEqual({ loading: false, stale: true });
  });
});

describe('loadError', () => {
  const query = (patch: { isError?: boolean; error?: unknown; data?: unknown }) => ({
    isError: false,
    error: null,
    refetch: vi.fn(),
    ...patch,
  });

  it('is null while all is well, also for an answer that says success false without a text for it', () => {
    expect(loadError(query({ data: { success: true } }))).toBeNull();
    expect(loadError(query({ data: { success: false } }))).toBeNull();
  });

  it("says the error's message, with the title and Retry", () => {
    const failing = query({ isError: true, error: new Error('Server down') });
    const shown = loadError(failing, { title: 'Failed to load', retryLabel: 'Try again' });
    expect(shown).toMatchObject({ message: 'Server down', title: 'Failed to load', retryLabel: 'Try again' });
    shown?.onRetry?.();
    expect(failing.refetch).toHaveBeenCalledOnce();
  });

  it('says `unsuccessful` for an answer with success false', () => {
    expect(saysFailure({ success: false })).toBe(true);
    expect(saysFailure(undefined)).toBe(false);
    expect(
      loadError(query({ data: { success: false } }), { unsuccessful: 'Answer says failure' }),
    ).toMatchObject({
      message: 'Answer says failure',
    });
  });
});
