import { parseCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TDeps } from '../../../context.ts';
import { clearedOwnerPageCookie, ownerPageToken } from './owner-page-cookie.ts';
import { withOwnerPage } from './owner-page-html.ts';
import type { TOwnerPageRenderer } from './owner-page-renderer.ts';

/** What the device showed last (the web app's lib/owner-page-session.ts writes them). */
const OWNER_LAYOUT_COOKIE = 'starloop_owner_layout';
const OWNER_TIME_ZONE_COOKIE = 'starloop_owner_tz';

const cookiesOf = (headers: FastifyRequest['headers']) => (headers.cookie ? parseCookie(headers.cookie) : {});

/**
 * A phone: as the device's last page said (its layout cookie), else as its browser says (the client
 * hint, else the user agent). The layouts differ; a wrong guess costs the browser a fresh draw.
 */
export function isPhone(headers: FastifyRequest['headers']): boolean {
  const layout = cookiesOf(headers)[OWNER_LAYOUT_COOKIE];
  if (layout === 'phone' || layout === 'wide') return layout === 'phone';
  const hint = headers['sec-ch-ua-mobile'];
  if (hint === '?1') return true;
  if (hint === '?0') return false;
  return /Mobi|Android/i.test(String(headers['user-agent'] ?? ''));
}

/** The time zone the device shows dates in, when it said and it is one this server knows. */
export function readerTimeZone(headers: FastifyRequest['headers']): string | undefined {
  const zone = cookiesOf(headers)[OWNER_TIME_ZONE_COOKIE];
  if (!zone || zone.length > 64) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}

/**
 * The dashboard page with the first screen drawn for the person whose page cookie came with the
 * request, or undefined (send the page as before): no cookie, a token no longer live (its cookie
 * is then removed), or a page the worker did not draw.
 */
export async function drawnDashboard(
  deps: Pick<TDeps, 'tokens' | 'config'>,
  renderer: TOwnerPageRenderer,
  request: FastifyRequest,
  reply: FastifyReply,
  template: string,
): Promise<string | undefined> {
  const token = ownerPageToken(request.headers.cookie);
  if (!token) return undefined;
  if (!(await deps.tokens.verify('owner', token))) {
    reply.header('set-cookie', clearedOwnerPageCookie(deps.config.appUrl.startsWith('https:')));
    return undefined;
  }
  const phone = isPhone(request.headers);
  const page = await renderer.render({
    url: request.url,
    phone,
    timeZone: readerTimeZone(request.headers),
    token,
    ip: request.ip,
  });
  return page ? withOwnerPage(template, page, phone) : undefined;
}
