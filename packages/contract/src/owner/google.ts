import { z } from 'zod';
import { REVIEW_SOURCE_FILTERS } from '../constants.ts';
import { ZIsoDate } from '../dto.ts';
import {
  GOOGLE_CONNECTION_STATUSES,
  GOOGLE_REPLY_DELAY_MAX_MINUTES,
  GOOGLE_REPLY_MAX,
  GOOGLE_REPLY_STATUSES,
  GOOGLE_TEXTS,
} from '../rules/google.ts';
import { cappedText, SYNC_OUTCOME_FIELDS } from '../schema-helpers.ts';

/** Google reviews (issue 20): connecting a Google Business Profile, its reviews and replies. */

// REVIEW_SOURCES, REVIEW_SOURCE_FILTERS and REVIEW_SOURCE_LABELS live in constants.ts; the
// connection's and replies' plain values in rules/google.ts.
export const ZReviewSourceFilter = z.enum(REVIEW_SOURCE_FILTERS, { message: 'Choose all, qr or google' });

export const ZGoogleReplyRule = z.object({
  rating: z.number().int().min(1).max(5),
  mode: z.enum(['ask', 'auto'], { message: 'Choose ask or auto' }),
  delayMinutes: z.number().int().min(0).max(GOOGLE_REPLY_DELAY_MAX_MINUTES),
});
export type TGoogleReplyRule = z.infer<typeof ZGoogleReplyRule>;

/** One rule per star rating; a rating left out is "always ask me". */
export const ZGoogleReplyRules = z.object({
  rules: z
    .array(ZGoogleReplyRule)
    .max(5)
    .refine((rules) => new Set(rules.map((r) => r.rating)).size === rules.length, 'One rule per star rating'),
});
export type TGoogleReplyRules = z.infer<typeof ZGoogleReplyRules>;

/** The owner's Google connection as Settings and the dashboard show it. Never a token. */
export const ZGoogleStatus = z.object({
  /** The server has Google credentials; false hides the whole feature. */
  enabled: z.boolean(),
  status: z.enum(GOOGLE_CONNECTION_STATUSES),
  accountName: z.string().nullable(),
  locationName: z.string().nullable(),
  locationTitle: z.string().nullable(),
  newReviewUri: z.string().nullable(),
  connectedAt: ZIsoDate.nullable(),
  sync: z.object({
    state: z.enum(['idle', 'importing', 'syncing']),
    firstImportDone: z.boolean(),
    importDone: z.number().int(),
    /** Google's own count of the location's reviews, once the import has read its first page. */
    importTotal: z.number().int().nullable(),
    ...SYNC_OUTCOME_FIELDS,
  }),
  replyRules: z.array(ZGoogleReplyRule),
  /** Live Google reviews stored for the owner. */
  reviewCount: z.number().int(),
});
export type TGoogleStatus = z.infer<typeof ZGoogleStatus>;

export const ZGoogleConnectStart = z.object({ authorizationUrl: z.string() });

/** What Google hands back on the settings page after consent. */
export const ZGoogleConnectFinish = z.object({
  code: cappedText(2048).min(1, GOOGLE_TEXTS.consentFailed),
  state: cappedText(256).min(1, GOOGLE_TEXTS.stateInvalid),
});
export type TGoogleConnectFinish = z.infer<typeof ZGoogleConnectFinish>;

export const ZGoogleLocation = z.object({
  /** `locations/{id}` */
  name: z.string(),
  title: z.string(),
  address: z.string().nullable(),
  newReviewUri: z.string().nullable(),
});
export const ZGoogleAccount = z.object({
  /** `accounts/{id}` */
  name: z.string(),
  accountName: z.string(),
  locations: z.array(ZGoogleLocation),
});
export const ZGoogleLocations = z.object({ accounts: z.array(ZGoogleAccount) });
export type TGoogleLocations = z.infer<typeof ZGoogleLocations>;

export const ZGoogleSelectLocation = z.object({
  accountName: cappedText(80).regex(/^accounts\/[A-Za-z0-9_-]{1,64}$/, GOOGLE_TEXTS.locationUnknown),
  locationName: cappedText(80).regex(/^locations\/[A-Za-z0-9_-]{1,64}$/, GOOGLE_TEXTS.locationUnknown),
  /** Fill the owner's review link from the location's "write a review" link. */
  useForReviewLink: z.boolean().default(false),
});
export type TGoogleSelectLocation = z.infer<typeof ZGoogleSelectLocation>;

export const ZGooglePublishReply = z.object({
  id: z.number().int().positive(),
  text: cappedText(GOOGLE_REPLY_MAX + 1000, GOOGLE_TEXTS.replyRequired)
    .trim()
    .min(1, GOOGLE_TEXTS.replyRequired)
    .max(GOOGLE_REPLY_MAX, GOOGLE_TEXTS.replyMax),
});
export type TGooglePublishReply = z.infer<typeof ZGooglePublishReply>;

/** The Google side of a review in the owner's list (present when `source` is google). */
export const ZGoogleReviewDetails = z.object({
  reviewerName: z.string(),
  replyStatus: z.enum(GOOGLE_REPLY_STATUSES),
  /** StarLoop's drafted (or last published) reply text. */
  replyDraft: z.string().nullable(),
  /** The reply Google shows today, if any. */
  googleReply: z.string().nullable(),
  googleReplyAt: ZIsoDate.nullable(),
  /** Auto-publish time of a scheduled reply. */
  publishAfter: ZIsoDate.nullable(),
  replyError: z.string().nullable(),
  updatedOnGoogle: ZIsoDate,
});
export type TGoogleReviewDetails = z.infer<typeof ZGoogleReviewDetails>;

export const ZGoogleReviewRef = z.object({ id: z.number().int().positive() });
