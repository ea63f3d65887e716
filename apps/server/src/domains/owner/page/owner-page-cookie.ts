import { TOKEN_TTL } from '@starloop/contract';
import { parseCookie, stringifySetCookie } from 'cookie';

/*
 * The owner's page cookie (issue 34 item 7; docs/security.md, "The owner's page cookie"): a copy
 * of the owner's token that the browser sends with page requests under /dashboard only, so the
 * server can draw the dashboard's first screen into the HTML. HttpOnly (no script reads it),
 * SameSite=Strict (no other site's link or form sends it), Path=/dashboard (never sent to /api or
 * /trpc, which read the Authorization header alone: the cookie authorizes nothing but drawing the
 * page for the person it belongs to), Secure when the app is served over HTTPS.
 */
export const OWNER_PAGE_COOKIE = 'starloop_owner_page';
const PATH = '/dashboard';

export function ownerPageToken(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  const token = parseCookie(cookieHeader)[OWNER_PAGE_COOKIE];
  return token ? token : undefined;
}

/** Set-Cookie for a token; it lasts as long as the token may. */
export function ownerPageCookie(token: string, secure: boolean): string {
  return stringifySetCookie({
    name: OWNER_PAGE_COOKIE,
    value: token,
    path: PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: TOKEN_TTL.ownerSeconds,
  });
}

/** Set-Cookie that removes it. */
export function clearedOwnerPageCookie(secure: boolean): string {
  return stringifySetCookie({
    name: OWNER_PAGE_COOKIE,
    value: '',
    path: PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: 0,
  });
}
