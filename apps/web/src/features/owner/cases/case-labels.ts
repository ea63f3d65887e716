import type { TCaseStatus } from '@starloop/contract';
import { useOwnerMessages } from '../../../lib/owner-i18n/owner-messages.ts';

/** A case status's colour, the same in the list and the drawer. */
export const CASE_STATUS_COLORS: Record<TCaseStatus, string> = {
  new: 'blue',
  in_progress: 'yellow',
  resolved: 'green',
  reopened: 'orange',
};

/** The inbox's words for a case's status, outcome and channel, in the person's language. */
export const useCaseLabels = () => useOwnerMessages().cases;
