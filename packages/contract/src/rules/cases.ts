/**
 * Feedback cases (issue 33): a 1-3 star review opens one; the team moves it through its statuses
 * to an outcome. The lists and the transitions live here so the server, the contract and a future
 * screen read one rule.
 */

export const CASE_STATUSES = ['new', 'in_progress', 'resolved', 'reopened'] as const;
export type TCaseStatus = (typeof CASE_STATUSES)[number];

/** How a resolved case ended: the customer won back, not won back, or never answered. */
export const CASE_OUTCOMES = ['recovered', 'not_recovered', 'no_reply'] as const;
export type TCaseOutcome = (typeof CASE_OUTCOMES)[number];

/** What a case's timeline records. */
export const CASE_EVENT_KINDS = ['opened', 'status', 'assigned', 'outcome', 'note'] as const;
export type TCaseEventKind = (typeof CASE_EVENT_KINDS)[number];

/**
 * The statuses a case may move to: new -> in progress -> resolved; resolved -> reopened ->
 * in progress or resolved. Setting the status a case already has changes nothing.
 */
export const CASE_TRANSITIONS: Record<TCaseStatus, readonly TCaseStatus[]> = {
  new: ['in_progress'],
  in_progress: ['resolved'],
  resolved: ['reopened'],
  reopened: ['in_progress', 'resolved'],
};

export const caseTransitionAllowed = (from: TCaseStatus, to: TCaseStatus): boolean =>
  CASE_TRANSITIONS[from].includes(to);

/** Overdue: nobody has responded yet and the first-response target has passed. */
export const isCaseOverdue = (
  kase: { firstResponseAt: Date | string | null; dueAt: Date | string },
  now: Date,
): boolean => kase.firstResponseAt === null && now.getTime() > new Date(kase.dueAt).getTime();
