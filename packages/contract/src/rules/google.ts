/** Google reviews' plain values (issue 20): the connection, reply limits and texts. */

/** The one scope StarLoop asks Google for. */
export const GOOGLE_SCOPE = 'https://www.googleapis.com/auth/business.manage';

/** Google refuses longer replies (4,096 bytes); a little under it for multi-byte text. */
export const GOOGLE_REPLY_MAX = 4000;
/** At most a week between a review and its auto-published reply. */
export const GOOGLE_REPLY_DELAY_MAX_MINUTES = 7 * 24 * 60;

export const GOOGLE_TEXTS = {
  notEnabled: 'Google reviews are not enabled on this StarLoop server.',
  notConnected: 'Connect your Google Business Profile first.',
  stateInvalid: 'This Google sign-in has expired or was already used. Please connect again from Settings.',
  consentFailed: 'Google did not confirm the connection. Please connect again from Settings.',
  noRefreshToken: 'Google did not grant lasting access. Please connect again and allow access.',
  scopeMissing:
    'StarLoop needs permission to manage your Business Profile. Please connect again and allow it.',
  locationUnknown: 'This location is not one your Google account manages.',
  chooseLocationFirst: 'Choose your business location first.',
  revoked: 'StarLoop lost access to your Google Business Profile. Please reconnect it in Settings.',
  googleUnavailable: 'Google is not answering right now. Please try again in a few minutes.',
  reviewNotFound: 'Review not found',
  reviewDeleted: 'This review was deleted on Google.',
  replyRequired: 'Please write a reply',
  replyMax: `Reply must be at most ${GOOGLE_REPLY_MAX} characters`,
  publishing: 'This reply is being published to Google.',
  publishQueued: 'Your reply is on its way to Google.',
  syncQueued: 'Syncing with Google.',
  disconnected: 'Google Business Profile disconnected.',
  rulesSaved: 'Reply rules saved.',
  locationSaved: 'Location saved. Importing your Google reviews…',
} as const;

export const GOOGLE_CONNECTION_STATUSES = ['not_connected', 'choose_location', 'active', 'revoked'] as const;
export type TGoogleConnectionStatus = (typeof GOOGLE_CONNECTION_STATUSES)[number];

export const GOOGLE_REPLY_STATUSES = ['drafted', 'scheduled', 'publishing', 'published', 'failed'] as const;
export type TGoogleReplyStatus = (typeof GOOGLE_REPLY_STATUSES)[number];
