import { isLowRating } from '@starloop/contract';
import type { TOwnerPublic } from '@starloop/db';
import { fallbackReviewUrl, PAGE_PARAMS, type TReviewPageData } from '@starloop/review-page';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TDeps } from '../../../context.ts';
import { countReviewPageView } from './page-views.service.ts';
import { REVIEW_PAGE_CACHE_MS } from './review-page.cache.ts';
import type { TPageLookup } from './review-page.rules.ts';
import { createReviewPageAssets } from './review-page-assets.service.ts';
import { renderReviewPageDocument, reviewPageCsp } from './review-page-document.render.ts';
import { createReviewPageHtmlCache, etagOf } from './review-page-html.cache.ts';
import {
  currentCodeOf,
  FORMER_CODE_REDIRECT_MAX_AGE_SECONDS,
  lookUpReviewPage,
  movedPageUrl,
  pageData,
  pageLanguage,
  pagePlacement,
  pageUrl,
  rateWithoutScript,
  sendFeedbackWithoutScript,
  starsOf,
  type TPageRequest,
} from './review-page-html.service.ts';

/** Shared caches may keep a plain page this long; an owner's change purges the server's own copy at once. */
export const REVIEW_PAGE_MAX_AGE_SECONDS = 30;
/** A form body: the feedback (500 characters, percent-encoded up to 9 bytes each) and a few fields. */
const FORM_BODY_LIMIT = 8 * 1024;

type TQuery = Record<string, unknown>;

/** Browsers say where a form was posted from; a post from another site is refused (CSRF). */
export function isSameOriginPost(request: FastifyRequest, appUrl: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (origin === 'null') return false;
  try {
    const from = new URL(origin);
    return from.origin === new URL(appUrl).origin || from.host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * The customer review page, rendered on the server (GET /review, /review/{code}), and its two
 * forms for phones without the script (POST /review/{code}/rate, /review/{code}/feedback). Not
 * procedures: their answers are pages and redirects. The page's logic is in
 * review-page-html.service.ts; the component, texts and catalogs in packages/review-page.
 */
export async function reviewPageRoutes(
  app: FastifyInstance,
  options: { deps: TDeps; distDir: string; cacheMs?: number },
) {
  const { deps } = options;
  const assets = createReviewPageAssets(options.distDir, deps.log);
  const pages = createReviewPageHtmlCache(deps.reviewPageCache, {
    ttlMs: options.cacheMs ?? REVIEW_PAGE_CACHE_MS,
  });
  /** The page's CSP per review site (a handful of origins: Google, a few others). */
  const policies = new Map<string, string>();
  const pageCsp = (reply: FastifyReply, reviewSite: string | null) => {
    const current = reply.getHeader('content-security-policy');
    const base = typeof current === 'string' ? current : undefined;
    const key = `${base}|${reviewSite}`;
    let policy = policies.get(key);
    if (policy === undefined) {
      policy = reviewPageCsp(base, reviewSite);
      if (policies.size < 1000) policies.set(key, policy);
    }
    return policy;
  };

  // The no-JS forms post application/x-www-form-urlencoded (scoped to these routes).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const send = (
    request: FastifyRequest,
    reply: FastifyReply,
    page: { status: number; html: string; etag: string },
    cache: 'shared' | 'none',
    owner?: TOwnerPublic,
  ) => {
    reply
      .status(page.status)
      .type('text/html; charset=utf-8')
      .header('content-security-policy', pageCsp(reply, owner ? reviewSiteOrigin(owner) : null))
      .header('x-frame-options', 'SAMEORIGIN')
      // The app's no-referrer would make the forms' Origin "null" (refused as cross-site): same-origin
      // requests carry it, and the review site still learns nothing of the page.
      .header('referrer-policy', 'same-origin');
    if (cache === 'none') return reply.header('cache-control', 'no-store').send(page.html);
    reply.header('cache-control', `public, max-age=${REVIEW_PAGE_MAX_AGE_SECONDS}`).header('etag', page.etag);
    const given = request.headers['if-none-match'];
    if (typeof given === 'string' && given.split(',').some((tag) => tag.trim() === page.etag)) {
      return reply.status(304).send();
    }
    return reply.send(page.html);
  };

  const render = (data: TReviewPageData) => renderReviewPageDocument(data, assets.get());

  /** A page without one-time state: rendered once per build, code, language and placement. */
  const sendPlainPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    lookup: TPageLookup | undefined,
    code: string | null,
    pageRequest: TPageRequest,
  ) => {
    const { lang, source } = pageLanguage(pageRequest, lookup?.owner);
    const placement = pagePlacement(pageRequest.placement);
    const status = lookup?.status ?? 200;
    const key = `${assets.get().version}|${code ?? ''}|${lang}|${placement ?? ''}`;
    const page = pages.get(key, status, () => render(pageData(lookup, code, lang, placement)));
    // The language came from Accept-Language (no ?lang=, no owner default): caches must tell apart.
    if (source === 'browser' || source === 'default') reply.header('vary', 'accept-language');
    return send(request, reply, page, 'shared', lookup?.owner);
  };

  const pageRequestOf = (request: FastifyRequest, fields: Record<string, unknown>): TPageRequest => ({
    lang: fields.lang,
    placement: fields[PAGE_PARAMS.placement],
    acceptLanguage: request.headers['accept-language'],
  });

  /**
   * Counts a customer's view of an open page, without delaying it. Not views: the owner's preview
   * (an iframe on the Settings screen), HEAD requests, and the no-JS continuations of a visit
   * already counted (`?stars=`, `?thanks=`).
   */
  const countView = (request: FastifyRequest, owner: { id: number }, placement: unknown) => {
    if (request.method !== 'GET' || request.headers['sec-fetch-dest'] === 'iframe') return;
    countReviewPageView(deps, { ownerId: owner.id, placementKey: pagePlacement(placement) }).catch(
      (error: unknown) => deps.log.warn({ err: error }, 'a review page view could not be counted'),
    );
  };

  /**
   * A business's former code (it changed its code): a permanent redirect (308, which keeps a form's
   * method and body) to the same address on its current code, so printed QR codes keep working.
   */
  const redirectFormerCode = async (
    request: FastifyRequest<{ Params: { code: string } }>,
    reply: FastifyReply,
  ) => {
    const current = await currentCodeOf(deps, request.params.code);
    if (current === undefined) return false;
    reply
      .header('cache-control', `public, max-age=${FORMER_CODE_REDIRECT_MAX_AGE_SECONDS}`)
      .redirect(movedPageUrl(request.url, current), 308);
    return true;
  };

  // /review and /review/ (ignoreTrailingSlash): 'No business code provided'.
  app.get('/review', async (request, reply) =>
    sendPlainPage(request, reply, undefined, null, pageRequestOf(request, request.query as TQuery)),
  );

  app.get<{ Params: { code: string } }>('/review/:code', async (request, reply) => {
    const query = request.query as TQuery;
    const lookup = await lookUpReviewPage(deps, request.params.code);
    if (lookup.status === 404 && (await redirectFormerCode(request, reply))) return reply;
    const pageRequest = pageRequestOf(request, query);
    const stars = starsOf(query[PAGE_PARAMS.stars]);
    const thanks = query[PAGE_PARAMS.thanks] === '1';
    if (lookup.status !== 200 || (stars === null && !thanks)) {
      if (lookup.status === 200) countView(request, lookup.owner, query[PAGE_PARAMS.placement]);
      return sendPlainPage(request, reply, lookup, request.params.code, pageRequest);
    }
    // A state reached without the script (a rating chosen, the feedback received): not cached.
    const { lang } = pageLanguage(pageRequest, lookup.owner);
    const open = lookup.owner.reviewFlow === 'open';
    const rating = stars !== null && (open || isLowRating(stars)) && !thanks ? stars : undefined;
    const data = pageData(lookup, lookup.owner.code, lang, pagePlacement(pageRequest.placement), {
      ...(rating ? { rating } : {}),
      ...(thanks ? { thanks: true } : {}),
    });
    const html = render(data);
    return send(request, reply, { status: 200, html, etag: etagOf(html) }, 'none', lookup.owner);
  });

  /** A form from another site, or for a page that is not open: refused or answered with the page. */
  const formPreamble = async (request: FastifyRequest<{ Params: { code: string } }>, reply: FastifyReply) => {
    if (!isSameOriginPost(request, deps.config.appUrl)) {
      reply
        .status(403)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send('This form can only be sent from its review page.');
      return undefined;
    }
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<
      string,
      string
    >;
    const lookup = await lookUpReviewPage(deps, request.params.code);
    if (lookup.status === 404 && (await redirectFormerCode(request, reply))) return undefined;
    if (lookup.status !== 200) {
      const { lang } = pageLanguage(pageRequestOf(request, body), lookup.owner);
      const html = render(pageData(lookup, request.params.code, lang, pagePlacement(body.p)));
      send(request, reply, { status: lookup.status, html, etag: etagOf(html) }, 'none');
      return undefined;
    }
    return { lookup, body };
  };
  type TForm = NonNullable<Awaited<ReturnType<typeof formPreamble>>>;

  /** One of the page's forms for phones without the script: `handle` gets an open page's form. */
  const formRoute = (
    action: 'rate' | 'feedback',
    handle: (
      request: FastifyRequest<{ Params: { code: string } }>,
      reply: FastifyReply,
      form: TForm,
    ) => unknown,
  ) =>
    app.post<{ Params: { code: string } }>(
      `/review/:code/${action}`,
      { bodyLimit: FORM_BODY_LIMIT },
      async (request, reply) => {
        const form = await formPreamble(request, reply);
        if (!form) return reply;
        return handle(request, reply, form);
      },
    );

  formRoute('rate', async (request, reply, { lookup, body }) => {
    const { lang } = pageLanguage(pageRequestOf(request, body), lookup.owner);
    const placement = pagePlacement(body[PAGE_PARAMS.placement]);
    const stars = starsOf(body.stars);
    const location =
      stars === null
        ? pageUrl(lookup.owner.code, lang, placement)
        : await rateWithoutScript(deps, lookup.owner, { stars, lang, placement }, clientOf(request));
    return reply.header('cache-control', 'no-store').redirect(location, 303);
  });

  formRoute('feedback', async (request, reply, { lookup, body }) => {
    const outcome = await sendFeedbackWithoutScript(
      deps,
      lookup,
      body,
      pageRequestOf(request, body),
      clientOf(request),
    );
    if (outcome.ok) return reply.header('cache-control', 'no-store').redirect(outcome.location, 303);
    if (outcome.retryAfterSeconds) reply.header('retry-after', String(outcome.retryAfterSeconds));
    const html = render(outcome.data);
    return send(request, reply, { status: outcome.status, html, etag: etagOf(html) }, 'none', lookup.owner);
  });
}

/** Where the business's public review link (or the search fallback) lives. */
function reviewSiteOrigin(owner: TOwnerPublic): string | null {
  try {
    return new URL(owner.reviewLink ?? fallbackReviewUrl(owner.businessName)).origin;
  } catch {
    return null;
  }
}

const clientOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});
