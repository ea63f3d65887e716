import type {
  TCaseChannel,
  TCaseMessageChannel,
  TCaseMessageDelivery,
  TCaseOutcome,
  TCaseReplyTemplateKind,
  TCaseStatus,
} from '@starloop/contract';
import { useOwnerMessages } from '../../../lib/owner-i18n/owner-i18n.tsx';

/** The words the inbox uses for a case's fields (one place, so list, drawer and filters agree). */
export const CASE_STATUS_LABELS: Record<TCaseStatus, string> = {
  new: 'New',
  in_progress: 'In progress',
  resolved: 'Resolved',
  reopened: 'Reopened',
};

export const CASE_STATUS_COLORS: Record<TCaseStatus, string> = {
  new: 'blue',
  in_progress: 'yellow',
  resolved: 'green',
  reopened: 'orange',
};

export const CASE_OUTCOME_LABELS: Record<TCaseOutcome, string> = {
  recovered: 'Recovered',
  not_recovered: 'Not recovered',
  no_reply: 'No reply',
};

/** Where the review came from. */
export const CASE_CHANNEL_LABELS: Record<TCaseChannel, string> = {
  qr: 'Review page (QR)',
  request: 'Review request',
  google: 'Google',
};

export const MESSAGE_CHANNEL_LABELS: Record<TCaseMessageChannel, string> = {
  whatsapp: 'WhatsApp',
  sms: 'SMS',
  email: 'Email',
};

export const DELIVERY_LABELS: Record<TCaseMessageDelivery, string> = {
  queued: 'queued',
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  failed: 'failed',
  received: 'received',
};

export const TEMPLATE_KIND_LABELS: Record<TCaseReplyTemplateKind, string> = {
  apology: 'Apology',
  callback: 'Ask to call them',
};

/** The case labels in the person's owner area language (the records above are the English ones). */
export const useCaseLabels = () => useOwnerMessages().cases;
