import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportingFetch, reportReachable } from '../../lib/connectivity.ts';
import { keyBytes } from '../../lib/pwa.ts';
import { renderWithMantine } from '../../test/render-mantine.tsx';
import { OFFLINE_TEXT, OfflineBanner } from './offline-banner.tsx';

describe('the owner app offline', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('says so while the phone is offline, and goes away when it is back', () => {
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    renderWithMantine(<OfflineBanner />);
    expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_TEXT.title);
    expect(screen.getByText(OFFLINE_TEXT.body)).toBeInTheDocument();

    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByText(OFFLINE_TEXT.title)).not.toBeInTheDocument();

    onLine.mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByText(OFFLINE_TEXT.title)).toBeInTheDocument();
  });

  it('shows nothing online', () => {
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(true);
    renderWithMantine(<OfflineBanner />);
    expect(screen.queryByText(OFFLINE_TEXT.title)).not.toBeInTheDocument();
  });

  it('reads the VAPID key as PushManager wants it (URL-safe base64 to bytes)', () => {
    expect([...keyBytes('BAEC_-8')]).toEqual([4, 1, 2, 255, 239]);
  });
});

describe('the owner app when the server cannot be reached', () => {
  afterEach(() => {
    reportReachable(true);
    vi.restoreAllMocks();
  });

  it('says it is offline after a call got no answer, and stops when one gets an answer', async () => {
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(true);
    renderWithMantine(<OfflineBanner />);
    expect(screen.queryByText(OFFLINE_TEXT.title)).not.toBeInTheDocument();

    const down = reportingFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await act(async () => {
      await expect(down('/trpc/owner.me')).rejects.toThrow('Failed to fetch');
    });
    expect(screen.getByText(OFFLINE_TEXT.title)).toBeInTheDocument();

    // An aborted call says nothing about the network.
    reportReachable(true);
    const aborted = reportingFetch(() => Promise.reject(new DOMException('aborted', 'AbortError')));
    await act(async () => {
      await expect(aborted('/trpc/owner.me')).rejects.toThrow('aborted');
    });
    expect(screen.queryByText(OFFLINE_TEXT.title)).not.toBeInTheDocument();

    await act(async () => {
      await down('/trpc/owner.me').catch(() => undefined);
    });
    expect(screen.getByText(OFFLINE_TEXT.title)).toBeInTheDocument();
    const up = reportingFetch(() => Promise.resolve(new Response('{}', { status: 500 })));
    await act(async () => {
      await up('/trpc/owner.me');
    });
    expect(screen.queryByText(OFFLINE_TEXT.title)).not.toBeInTheDocument();
  });
});
