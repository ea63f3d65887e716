import { afterEach, describe, expect, it, vi } from 'vitest';
import { OWNER_LAYOUT_COOKIE, OWNER_TIME_ZONE_COOKIE, rememberOwnerView } from './owner-page-session.ts';

const cookies = () => Object.fromEntries(document.cookie.split('; ').map((pair) => pair.split('=')));
const setVisibility = (state: 'visible' | 'hidden') => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
};

describe("the device's view, remembered for the server's drawing", () => {
  // The cookies live under /dashboard, where the owner area is.
  window.history.replaceState(null, '', '/dashboard');
  let stop: (() => void) | undefined;
  afterEach(() => {
    stop?.();
    setVisibility('visible');
    for (const name of [OWNER_LAYOUT_COOKIE, OWNER_TIME_ZONE_COOKIE]) {
      // biome-ignore lint/suspicious/noDocumentCookie: clearing what the code under test wrote.
      document.cookie = `${name}=; Path=/dashboard; Max-Age=0`;
    }
  });

  it('writes the layout each time, and asks for the time zone only once or when the page is left', () => {
    const timeZone = vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions');
    stop = rememberOwnerView(true);
    expect(cookies()[OWNER_LAYOUT_COOKIE]).toBe('phone');
    expect(decodeURIComponent(cookies()[OWNER_TIME_ZONE_COOKIE] ?? '')).toBe(
      new Intl.DateTimeFormat().resolvedOptions().timeZone,
    );
    stop();
    timeZone.mockClear();

    // The next view: the zone is known, so its first view makes no Intl format.
    stop = rememberOwnerView(false);
    expect(cookies()[OWNER_LAYOUT_COOKIE]).toBe('wide');
    expect(timeZone).not.toHaveBeenCalled();
    // Leaving the page (the person may have travelled): asked again.
    setVisibility('hidden');
    expect(timeZone).toHaveBeenCalledTimes(1);
  });
});
