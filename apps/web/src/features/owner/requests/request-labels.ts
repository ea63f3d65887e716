import type { TCampaignStatus } from '@starloop/contract';

// The words for these values are the catalog's (`requests.labels` in lib/owner-i18n).

export const CAMPAIGN_STATUS_COLORS: Record<TCampaignStatus, string> = {
  scheduled: 'blue',
  sending: 'yellow',
  sent: 'green',
  cancelled: 'gray',
};

/** A share as a whole percentage, or a dash when there is nothing to divide by. */
export const shareOf = (part: number, whole: number) =>
  whole === 0 ? '-' : `${Math.round((part / whole) * 100)}%`;
