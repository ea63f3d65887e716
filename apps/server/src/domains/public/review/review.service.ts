import {
  PUBLIC_TEXTS,
  REVIEW_CONTACT_CONSENT_VERSION,
  type TReviewContact,
  type TReviewLink,
  type TReviewSubmit,
} from '@starloop/contract';
import type { TNewReviewContact, TOwnerPublic } from '@starloop/db';
import type { TDeps } from '../../../context.ts';
import { QUEUES } from '../../../jobs/queue.ts';
import { AppError } from '../../../lib/errors.ts';
import { normalizeEmail, normalizePhone } from '../../owner/requests/contact-fields.rules.ts';
import { countReviewPageView, placementKeyOf } from './page-views.service.ts';
import { assertReviewPageOpen } from './review-page.rules.ts';

/** The owner hears about a flood of reviews once an hour at most, not once per refused review. */
export const REVIEW_CEILING_ALERT_SECONDS = 60 * 60;

/** The owner behind an open review page, from the review page's brief cache. */
async function openReviewPage(deps: TDeps, code: string): Promise<TOwnerPublic> {
  return assertReviewPageOpen(await deps.reviewPageCache.find(code), deps.now());
}

/**
 * The review page's data. `view` says the caller is showing the page (the SPA review page sends
 * `?p=`, empty for Default): only then is it counted as a scan. Other callers of the JSON path, and
 * the server-rendered page (which counts its own renders), are not counted here.
 */
export async function getReviewLink(
  deps: TDeps,
  code: string,
  view?: { placementKey: string | null },
): Promise<TReviewLink> {
  const owner = await openReviewPage(deps, code);
  if (view) await countReviewPageView(deps, { ownerId: owner.id, placementKey: view.placementKey });
  return {
    code: owner.code,
    businessName: owner.businessName,
    reviewLink: owner.reviewLink,
    reviewFlow: owner.reviewFlow,
  };
}

export async function submitReview(
  deps: TDeps,
  input: TReviewSubmit,
  client: { ip: string },
): Promise<TReviewSubmitted> {
  // Unknown and closed pages are refused first (from the cache), so random codes never create
  // rate-limit keys and never spend a customer's points.
  return submitReviewTo(deps, await openReviewPage(deps, input.code), input, client);
}

type TReviewSubmitted = { success: true; message: string; id: number };

/**
 * A review for the open page of `owner` (found by its caller: submitReview, or the page's forms
 * for phones without the script): the customer's limits, then the review writer.
 */
export async function submitReviewTo(
  deps: TDeps,
  owner: TOwnerPublic,
  input: TReviewSubmit,
  client: { ip: string },
): Promise<TReviewSubmitted> {
  // The review page always sends a device id; a review without one counts as one device per address.
  const device = input.deviceId ? `device:${input.deviceId}` : `address:${client.ip}`;
  await deps.rateLimiter.consume('reviewPerDevice', `${device}:${owner.id}`);
  await deps.rateLimiter.consume('reviewPerIpAndCode', `${client.ip}:${input.code}`);
  try {
    await deps.rateLimiter.consume('reviewPerBusiness', String(owner.id));
  } catch (error) {
    if (error instanceof AppError && error.code === 'TOO_MANY_REQUESTS')
      await alertReviewCeiling(deps, owner);
    throw error;
  }
  try {
    const { placement, contact, language, ...review } = input;
    const reachable = reviewContactOf(contact, language ?? owner.reviewPageLanguage ?? 'en');
    // Attributed in the writer's INSERT: an unknown or foreign key is simply Default, never an error.
    const { id } = await deps.reviewWriter.submit({
      ...review,
      ...(reachable?.consent
        ? { customerContact: customerContactOf(reachable, review.customerContact) }
        : {}),
      language: language ?? null,
      contact: reachable,
      owner,
      placementKey: placementKeyOf(placement),
    });
    return { success: true, message: PUBLIC_TEXTS.reviewThanks, id };
  } catch (error) {
    // Nothing was stored: the customer's retry must not count against their limits.
    if (error instanceof AppError && error.code === 'SERVICE_UNAVAILABLE') {
      await Promise.all([
        deps.rateLimiter.refund('reviewPerDevice', `${device}:${owner.id}`),
        deps.rateLimiter.refund('reviewPerIpAndCode', `${client.ip}:${input.code}`),
        deps.rateLimiter.refund('reviewPerBusiness', String(owner.id)),
      ]).catch(() => {});
    }
    throw error;
  }
}

/**
 * The contact left under the feedback form, normalised (E.164 phone, lower-cased email); null when
 * the customer left neither. Kept with consent false too: the owner sees it, nothing is sent to it.
 */
export function reviewContactOf(
  contact: TReviewContact | undefined,
  language: string,
): TNewReviewContact | null {
  if (!contact) return null;
  const phoneE164 = contact.phone ? (normalizePhone(contact.phone) ?? null) : null;
  const email = contact.email ? (normalizeEmail(contact.email) ?? null) : null;
  if (!phoneE164 && !email) return null;
  return {
    phoneE164,
    email,
    consent: contact.consent,
    consentVersion: REVIEW_CONTACT_CONSENT_VERSION,
    language,
  };
}

/**
 * What the owner's lists show as the customer's contact (reviews.customer_contact): the consented
 * phone and email. The automatic reply's email goes to an address found there, so an address left
 * without consent is never written to it.
 */
function customerContactOf(contact: TNewReviewContact, typed: string | undefined): string {
  return [contact.phoneE164, contact.email, typed].filter(Boolean).join(', ').slice(0, 200);
}

/** Queues the owner's "your page is getting more reviews than usual" email, one per hour. */
async function alertReviewCeiling(deps: TDeps, owner: TOwnerPublic): Promise<void> {
  try {
    await deps.jobs.send(
      QUEUES.reviewNotify,
      { kind: 'review-ceiling', ownerId: owner.id },
      {
        singletonKey: `review-ceiling:${owner.id}`,
        singletonSeconds: REVIEW_CEILING_ALERT_SECONDS,
      },
    );
  } catch (error) {
    // The 429 stands either way; a lost alert is logged, never a 500 for the customer.
    deps.log.warn({ err: error, ownerId: owner.id }, 'review ceiling alert could not be queued');
  }
}
