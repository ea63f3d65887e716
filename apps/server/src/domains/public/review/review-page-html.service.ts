import { createHash } from 'node:crypto';
import { findIllFormedText, isLowRating, ZBusinessCode, ZReviewSubmit } from '@starloop/contract';
import { findCurrentCodeOf, type TOwnerPublic } from '@starloop/db';
import {
  fallbackReviewUrl,
  PAGE_PARAMS,
  resolveReviewLanguage,
  reviewPagePath,
  type TReviewLanguage,
  type TReviewPageData,
  type TReviewPageInitial,
} from '@starloop/review-page';
import { CATALOGS } from '@starloop/review-page/server';
import type { TDeps } from '../../../context.ts';
import { AppError, firstIssue, unavailableFrom } from '../../../lib/errors.ts';
import { placementKeyOf } from './page-views.service.ts';
import { submitReviewTo } from './review.service.ts';
import { reviewPageState, type TPageLookup } from './review-page.rules.ts';

/** The longest a no-JS 4-5 star tap waits for its rating to be stored before going on (spec: 300 ms). */
export const RECORD_WAIT_MS = 300;

/** The page at an address, by the one rule of reviewPageState (a malformed code is simply unknown). */
export async function lookUpReviewPage(deps: TDeps, code: string): Promise<TPageLookup> {
  if (!ZBusinessCode.safeParse(code).success) return reviewPageState(undefined, deps.now());
  return reviewPageState(await deps.reviewPageCache.find(code), deps.now());
}

/**
 * A former business code's successor: the business's current code, when `code` is unknown as a
 * current code but was the business's before (issue 34: printed QR codes never break).
 */
export async function currentCodeOf(deps: Pick<TDeps, 'db'>, code: string): Promise<string | undefined> {
  const parsed = ZBusinessCode.safeParse(code);
  if (!parsed.success) return undefined;
  const current = await findCurrentCodeOf(deps.db, parsed.data);
  return current !== undefined && current !== parsed.data ? current : undefined;
}

/** Shared caches keep a former code's redirect an hour: the business may take the code back. */
export const FORMER_CODE_REDIRECT_MAX_AGE_SECONDS = 3600;

/** The same address on the business's current code: `/review/{old}/rest?query` to `/review/{new}/rest?query`. */
export function movedPageUrl(url: string, current: string): string {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  const rest = path.replace(/^\/review\/[^/?]*/, '');
  return `/review/${encodeURIComponent(current)}${rest}${query === -1 ? '' : url.slice(query)}`;
}

export interface TPageRequest {
  /** `?lang=` (or the forms' `lang` field). */
  lang?: unknown;
  acceptLanguage?: string | undefined;
  /** `?p=` (or the forms' `p` field). */
  placement?: unknown;
}

/** The page's language: `?lang=`, the owner's default, Accept-Language, English. */
export function pageLanguage(request: TPageRequest, owner: TOwnerPublic | undefined) {
  return resolveReviewLanguage({
    query: request.lang,
    ownerDefault: owner?.reviewPageLanguage ?? null,
    acceptLanguage: request.acceptLanguage ?? null,
  });
}

/** The data of a page: what the server renders and inlines for hydration. */
export function pageData(
  lookup: TPageLookup | undefined,
  code: string | null,
  lang: TReviewLanguage,
  placement: string | null,
  ready: Omit<Extract<TReviewPageInitial, { status: 'ready' }>, 'status' | 'info'> = {},
): TReviewPageData {
  const messages = CATALOGS[lang];
  const base = { code, lang, messages, placement };
  if (!lookup) return base;
  if (lookup.status === 404)
    return { ...base, initial: { status: 'failed', detail: messages.businessNotFound } };
  if (lookup.status === 410) {
    // A closed account's page says goodbye politely; the other reasons keep the spec's texts.
    if (lookup.owner.closedAt) return { ...base, code: lookup.owner.code, initial: { status: 'closed' } };
    return { ...base, code: lookup.owner.code, initial: { status: 'failed', detail: messages.pageInactive } };
  }
  const { owner } = lookup;
  return {
    ...base,
    code: owner.code,
    initial: {
      status: 'ready',
      info: { businessName: owner.businessName, reviewLink: owner.reviewLink, reviewFlow: owner.reviewFlow },
      ...ready,
    },
  };
}

/** A placement key worth carrying along (the counter's own rule: anything else is Default). */
export const pagePlacement = (value: unknown): string | null => placementKeyOf(value);

/** The page's address with its language and placement (and a one-time state such as `stars`). */
export function pageUrl(
  code: string,
  lang: TReviewLanguage,
  placement: string | null,
  extra: Record<string, string> = {},
): string {
  const query = new URLSearchParams({ lang });
  if (placement) query.set(PAGE_PARAMS.placement, placement);
  for (const [name, value] of Object.entries(extra)) query.set(name, value);
  return `${reviewPagePath(code)}?${query.toString()}`;
}

/** 1 to 5, or null. */
export function starsOf(value: unknown): number | null {
  const stars = typeof value === 'string' && /^[1-5]$/.test(value.trim()) ? Number(value) : Number.NaN;
  return Number.isInteger(stars) ? stars : null;
}

/**
 * A device id for reviews sent without the page's script (which keeps a random id in storage):
 * derived from the address and the browser's own headers, with no cookie, so one phone counts as
 * one device for the per-device limit and phones sharing an address rarely collide.
 */
export function deviceIdWithoutScript(ip: string, userAgent: string | undefined): string {
  return `nojs-${createHash('sha256')
    .update(`${ip}\n${userAgent ?? ''}`)
    .digest('base64url')
    .slice(0, 24)}`;
}

export interface TFormClient {
  ip: string;
  userAgent: string | undefined;
}

/**
 * A star tapped before (or without) the script: 4-5 stars of the smart flow are recorded through
 * the review service (same limits as the JSON path; never waiting more than the spec's 300 ms,
 * and a refused rating never keeps the customer from the review site) and go to the business's
 * review link; anything else comes back to the page with the rating chosen (feedback form).
 */
export async function rateWithoutScript(
  deps: TDeps,
  owner: TOwnerPublic,
  input: { stars: number; lang: TReviewLanguage; placement: string | null },
  client: TFormClient,
): Promise<string> {
  if (owner.reviewFlow === 'open' || isLowRating(input.stars)) {
    return pageUrl(owner.code, input.lang, input.placement, { [PAGE_PARAMS.stars]: String(input.stars) });
  }
  const review = ZReviewSubmit.parse({
    code: owner.code,
    rating: input.stars,
    message: '',
    deviceId: deviceIdWithoutScript(client.ip, client.userAgent),
    ...(input.placement ? { placement: input.placement } : {}),
  });
  const recorded = submitReviewTo(deps, owner, review, { ip: client.ip }).catch((error: unknown) => {
    if (!(error instanceof AppError)) deps.log.error({ err: error }, 'a no-JS rating could not be recorded');
  });
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    recorded,
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, RECORD_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
  return owner.reviewLink ?? fallbackReviewUrl(owner.businessName);
}

export type TFeedbackOutcome =
  | { ok: true; location: string }
  | {
      ok: false;
      status: number;
      retryAfterSeconds?: number;
      data: TReviewPageData;
    };

/**
 * The feedback form posted without the script (application/x-www-form-urlencoded): validated
 * by the contract's ZReviewSubmit and sent through the same review service as the JSON path
 * (same rate limits). Success goes to the page's thank-you (303, so a reload posts nothing);
 * a refusal shows the form again with the customer's text and the reason.
 */
export async function sendFeedbackWithoutScript(
  deps: TDeps,
  lookup: Extract<TPageLookup, { status: 200 }>,
  form: Record<string, string>,
  request: TPageRequest,
  client: TFormClient,
): Promise<TFeedbackOutcome> {
  const { owner } = lookup;
  const { lang } = pageLanguage(request, owner);
  const placement = pagePlacement(form[PAGE_PARAMS.placement]);
  const message = form.message ?? '';
  const phone = (form.contactPhone ?? '').slice(0, 20);
  const email = (form.contactEmail ?? '').slice(0, 200);
  // A checkbox posts its value only when ticked.
  const consent = form.contactConsent === 'yes';
  const contact = form.customerContact ?? '';
  const rating = starsOf(form.rating) ?? 0;
  const refused = (status: number, reason: string, retryAfterSeconds?: number): TFeedbackOutcome => ({
    ok: false,
    status,
    ...(retryAfterSeconds ? { retryAfterSeconds } : {}),
    data: pageData(lookup, owner.code, lang, placement, {
      rating,
      draft: { message: message.slice(0, 500), phone, email, consent, error: reason },
    }),
  });

  const fields = {
    code: owner.code,
    rating: form.rating,
    message,
    ...(contact.trim() ? { customerContact: contact } : {}),
    ...(phone.trim() || email.trim() || consent ? { contact: { phone, email, consent } } : {}),
    language: lang,
    deviceId: deviceIdWithoutScript(client.ip, client.userAgent),
    ...(placement ? { placement } : {}),
  };
  const illFormed = findIllFormedText(fields);
  if (illFormed) return refused(400, illFormed.message);
  const parsed = ZReviewSubmit.safeParse(fields);
  if (!parsed.success) return refused(400, firstIssue(parsed.error).message);
  try {
    await submitReviewTo(deps, owner, parsed.data, { ip: client.ip });
  } catch (thrown) {
    const error = thrown instanceof AppError ? thrown : unavailableFrom(thrown);
    if (!error) throw thrown;
    const wait = error.details?.retryAfterSeconds;
    return refused(error.status, error.message, typeof wait === 'number' ? wait : undefined);
  }
  return { ok: true, location: pageUrl(owner.code, lang, placement, { [PAGE_PARAMS.thanks]: '1' }) };
}
