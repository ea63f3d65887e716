import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
