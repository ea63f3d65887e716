import {
  languageOfText,
  reviewLanguage,
  type TOwnerReview,
  type TReviewPageLanguage,
} from '@starloop/contract';
import { findReviewActions, type TGoogleReview, type TReview, type TReviewActionRow } from '@starloop/db';
import type { TDeps } from '../../../context.ts';
import { emailFromContact } from '../../replies/reply-templates.rules.ts';

/**
 * What the review drawer offers for each review (issue 33 item 3): the language its reply is
 * written in, its feedback case, whether its reply can be emailed, and the contact the customer
 * left under the feedback form with its consent.
 */

export type TActionFields = Pick<
  TOwnerReview,
  'language' | 'caseId' | 'caseStatus' | 'replyEmail' | 'contact'
>;

/**
 * Where a review's reply may be emailed: the email the customer left with their consent, else the
 * address in the spec's contact field (the automatic reply's address). None once the customer
 * withdrew their consent (STOP or unsubscribe): they asked not to be written to.
 */
export function replyAddressOf(
  review: Pick<TReview, 'customerContact'>,
  contact: TReviewActionRow | undefined,
): string | undefined {
  if (contact?.withdrawnAt) return undefined;
  if (contact?.email && contact.consent) return contact.email;
  return emailFromContact(review.customerContact);
}

function actionFields(
  review: TReview,
  row: TReviewActionRow | undefined,
  pageLanguage: TReviewPageLanguage | null,
): TActionFields {
  const left = row && (row.phone !== null || row.email !== null);
  return {
    language: reviewLanguage(review, pageLanguage),
    caseId: row?.caseId ?? null,
    caseStatus: row?.caseStatus ?? null,
    replyEmail: replyAddressOf(review, row) !== undefined,
    contact: left
      ? {
          phone: row.phone,
          email: row.email,
          consent: row.consent === true && row.withdrawnAt === null,
          withdrawn: row.withdrawnAt !== null,
        }
      : null,
  };
}

/** The drawer's fields of a page of QR reviews (one read for the page), by review id. */
export async function qrReviewActions(
  deps: Pick<TDeps, 'db'>,
  reviews: readonly TReview[],
  pageLanguage: TReviewPageLanguage | null,
): Promise<Map<number, TActionFields>> {
  const rows = await findReviewActions(
    deps.db,
    reviews.map((r) => Number(r.id)),
  );
  return new Map(reviews.map((r) => [Number(r.id), actionFields(r, rows.get(Number(r.id)), pageLanguage)]));
}

/** A Google review's: the language of its text; no case, no email (its reply goes to Google). */
export const googleReviewActions = (
  review: Pick<TGoogleReview, 'comment'>,
  pageLanguage: TReviewPageLanguage | null,
): TActionFields => ({
  language: languageOfText(review.comment, pageLanguage),
  caseId: null,
  caseStatus: null,
  replyEmail: false,
  contact: null,
});
