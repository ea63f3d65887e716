import type {
  TCampaignStatus,
  TConsentSource,
  TDeliveryStatus,
  TOptOutSource,
  TRequestChannel,
  TRequestStatus,
} from '@starloop/contract';

/** Words for the requests screens' values (owners read these, not the API's codes). */

export const CHANNEL_LABELS: Record<TRequestChannel, string> = {
  whatsapp: 'WhatsApp',
  sms: 'SMS',
  email: 'Email',
};

export const CONSENT_SOURCE_LABELS: Record<TConsentSource, string> = {
  'in-person': 'In person',
  written: 'In writing',
  online: 'Online',
  import: 'From a file',
  other: 'Other',
};

export const OPT_OUT_LABELS: Record<TOptOutSource, string> = {
  'stop-reply': 'Replied STOP',
  unsubscribe: 'Unsubscribed by email',
  owner: 'Marked by you',
};

export const REQUEST_STATUS_LABELS: Record<TRequestStatus, string> = {
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Not delivered',
  cancelled: 'Cancelled',
};

export const DELIVERY_STATUS_LABELS: Record<TDeliveryStatus, string> = {
  queued: 'Queued',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Failed',
};

export const CAMPAIGN_STATUS_LABELS: Record<TCampaignStatus, string> = {
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
  cancelled: 'Cancelled',
};

export const CAMPAIGN_STATUS_COLORS: Record<TCampaignStatus, string> = {
  scheduled: 'blue',
  sending: 'yellow',
  sent: 'green',
  cancelled: 'gray',
};

/** "12 of 100 used this month". */
export const usageLabel = (used: number, limit: number) =>
  `${used.toLocaleString('en-IN')} of ${limit.toLocaleString('en-IN')} used this month`;

/** A share as a whole percentage, or a dash when there is nothing to divide by. */
export const shareOf = (part: number, whole: number) =>
  whole === 0 ? '-' : `${Math.round((part / whole) * 100)}%`;
