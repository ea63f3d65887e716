/**
 * The review link's shape (issue 34 item 3): where a 4-5 star customer is sent. The link is checked
 * for its shape only (nothing is fetched). Accepted:
 * - Google's review form, in the forms Google hands out:
 *   `https://g.page/r/<id>/review` (Business Profile "Ask for reviews"; `https://g.page/r/<id>` too),
 *   `https://search.google.com/local/writereview?placeid=<place id>`,
 *   a Maps link: `https://www.google.com/maps/...` (or `google.co.in/maps`, `maps.google.com/...`),
 *   `https://maps.app.goo.gl/<id>`, `https://goo.gl/maps/<id>`, and `https://g.co/kgs/<id>`;
 * - any other review site's https address (Zomato, Tripadvisor, Practo, Justdial...).
 * Refused: anything not https, with no real host, with spaces, longer than 2000 characters, and a
 * Google address that is none of the forms above (a search result page, google.com itself): it
 * does not open the business's review form.
 */

export const REVIEW_LINK_MAX_LENGTH = 2000;

export type TReviewLinkCheck = { ok: true; google: boolean } | { ok: false; reason: 'shape' | 'google' };

/** Hosts that belong to Google: a link on them must be one of Google's review forms. */
const GOOGLE_HOST = /(^|\.)(google\.[a-z.]+|g\.page|goo\.gl|g\.co)$/i;

const GOOGLE_FORMS: ((url: URL) => boolean)[] = [
  (u) => u.hostname === 'g.page' && /^\/r\/[^/]+(\/review)?\/?$/.test(u.pathname),
  (u) =>
    u.hostname === 'search.google.com' &&
    u.pathname === '/local/writereview' &&
    (u.searchParams.get('placeid') ?? '').length > 0,
  (u) => /^(www\.)?google\.[a-z.]+$/i.test(u.hostname) && /^\/maps(\/|$)/.test(u.pathname),
  (u) => u.hostname === 'maps.google.com' || /^maps\.google\.[a-z.]+$/i.test(u.hostname),
  (u) => u.hostname === 'maps.app.goo.gl' && u.pathname.length > 1,
  (u) => u.hostname === 'goo.gl' && /^\/maps\/.+/.test(u.pathname),
  (u) => u.hostname === 'g.co' && /^\/kgs\/.+/.test(u.pathname),
];

/** Whether `link` has the shape of a review link (see the accepted forms above). */
export function checkReviewLink(link: string): TReviewLinkCheck {
  if (link.length > REVIEW_LINK_MAX_LENGTH || /\s/.test(link) || !/^https:\/\//i.test(link)) {
    return { ok: false, reason: 'shape' };
  }
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return { ok: false, reason: 'shape' };
  }
  if (url.protocol !== 'https:' || !url.hostname.includes('.') || url.username || url.password) {
    return { ok: false, reason: 'shape' };
  }
  if (!GOOGLE_HOST.test(url.hostname)) return { ok: true, google: false };
  return GOOGLE_FORMS.some((form) => form(url))
    ? { ok: true, google: true }
    : { ok: false, reason: 'google' };
}

/** Google's review form for a place id (what a connected location offers when it has no link of its own). */
export const googleReviewLinkFor = (placeId: string) =>
  `https://search.google.com/local/writereview?placeid=${encodeURIComponent(placeId)}`;
