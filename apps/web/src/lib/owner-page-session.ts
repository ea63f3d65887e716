/*
 * The owner's page cookie (the server's domains/owner/page/owner-page-cookie.ts): asked for once the
 * app holds an owner token, so the next /dashboard comes with the first screen drawn in its HTML;
 * dropped when the session ends. Only in a built app served by the server (the Vite dev server and
 * the tests draw nothing on a server). A failure costs nothing: the page is then drawn here.
 */
const PAGE_SESSION_PATH = '/api/owner/page-session';

/** The token this tab last asked for a cookie for (one request per token, not per page). */
let askedFor: string | null = null;

export function askForOwnerPageCookie(token: string): void {
  if (!import.meta.env.PROD || askedFor === token) return;
  askedFor = token;
  void fetch(PAGE_SESSION_PATH, { method: 'POST', headers: { authorization: `Bearer ${token}` } })
    .then((response) => {
      if (!response.ok) askedFor = null;
    })
    .catch(() => {
      askedFor = null;
    });
}

export function dropOwnerPageCookie(): void {
  askedFor = null;
  if (!import.meta.env.PROD) return;
  void fetch(PAGE_SESSION_PATH, { method: 'DELETE', keepalive: true }).catch(() => undefined);
}

/**
 * What this device showed last, read by the server to draw the next /dashboard the same way: the
 * layout (phone or wide) and the time zone its dates are in.
 */
export const OWNER_LAYOUT_COOKIE = 'starloop_owner_layout';
export const OWNER_TIME_ZONE_COOKIE = 'starloop_owner_tz';

const remember = (name: string, value: string) => {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from some phones' browsers.
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/dashboard; SameSite=Strict; Max-Age=31536000`;
};
const rememberTimeZone = () =>
  remember(OWNER_TIME_ZONE_COOKIE, Intl.DateTimeFormat().resolvedOptions().timeZone);

/**
 * The device's time zone, written once (at sign-in, else on the owner area's first page): asking
 * for it makes an Intl format, 50-100 ms of CPU and four times that on a cheap phone, which a
 * dashboard's first view should not pay each time.
 */
export function rememberOwnerTimeZone(): void {
  try {
    const known = document.cookie
      .split('; ')
      .some((cookie) => cookie.startsWith(`${OWNER_TIME_ZONE_COOKIE}=`));
    if (!known) rememberTimeZone();
  } catch {
    // Cookies blocked: the server draws in its own time zone.
  }
}

/**
 * Writes the layout, and the time zone where the device has none; the zone is asked for again
 * whenever the page is left (a person who travelled). Returns the cleanup.
 */
export function rememberOwnerView(phone: boolean): () => void {
  try {
    remember(OWNER_LAYOUT_COOKIE, phone ? 'phone' : 'wide');
  } catch {
    // Cookies blocked: the server guesses from the browser's hints.
  }
  rememberOwnerTimeZone();
  const onHidden = () => {
    if (document.visibilityState !== 'hidden') return;
    try {
      rememberTimeZone();
    } catch {
      // As above.
    }
  };
  document.addEventListener('visibilitychange', onHidden);
  return () => document.removeEventListener('visibilitychange', onHidden);
}
