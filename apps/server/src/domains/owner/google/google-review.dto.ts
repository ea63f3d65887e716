import type { TOwnerReview, TReplyStatus } from '@starloop/contract';
import type { TGoogleReview } from '@starloop/db';

/** The QR reply status closest to a Google reply's, for clients that know only those. */
const QR_STATUS: Record<TGoogleReview['replyStatus'], TReplyStatus> = {
  drafted: 'drafted',
  scheduled: 'drafted',
  publishing: 'pending',
  published: 'sent',
  failed: 'failed',
};

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A Google review in the owner's list: the common fields, plus its Google side. */
export function googleReviewToOwnerReview(review: TGoogleReview): TOwnerReview {
  return {
    id: review.id,
    rating: review.rating,
    message: review.comment,
    customerContact: review.reviewerName || null,
    sentimentLabel: review.sentimentLabel,
    sentimentScore: review.sentimentScore,
    replyStatus: QR_STATUS[review.replyStatus],
    replyText: review.googleReply ?? review.replyDraft,
    replyError: review.replyError,
    repliedAt: iso(review.googleReplyAt),
    createdAt: review.createdOnGoogle.toISOString(),
    source: 'google',
    google: {
      reviewerName: review.reviewerName,
      replyStatus: review.replyStatus,
      replyDraft: review.replyDraft,
      googleReply: review.googleReply,
      googleReplyAt: iso(review.googleReplyAt),
      publishAfter: iso(review.publishAfter),
      replyError: review.replyError,
      updatedOnGoogle: review.updatedOnGoogle.toISOString(),
    },
  };
}
