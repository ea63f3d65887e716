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
export const CASE_EVENT_KINDS = [
  'opened',
  'status',
  'assigned',
  'outcome',
  'note',
  /** A message to the customer (a reply or the one invitation), with its channel and delivery. */
  'message_out',
  /** The customer's answer (WhatsApp, SMS or email), threaded in by the provider's webhook. */
  'message_in',
  /** The customer withdrew consent (STOP, unsubscribe, or the owner marking it). */
  'consent_withdrawn',
] as const;
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

/** The ways a case's customer can be written to. */
export const CASE_MESSAGE_CHANNELS = ['whatsapp', 'sms', 'email'] as const;
export type TCaseMessageChannel = (typeof CASE_MESSAGE_CHANNELS)[number];

/**
 * What a message from a case is: a reply the team writes (from a template or not), or the one
 * neutral invitation to share the experience publicly, sent only once the case is resolved.
 */
export const CASE_MESSAGE_KINDS = ['reply', 'invitation'] as const;
export type TCaseMessageKind = (typeof CASE_MESSAGE_KINDS)[number];

/** The reply templates an owner can edit, per page language: an apology and a callback request. */
export const CASE_REPLY_TEMPLATE_KINDS = ['apology', 'callback'] as const;
export type TCaseReplyTemplateKind = (typeof CASE_REPLY_TEMPLATE_KINDS)[number];

/** Where a message to the customer stands; inbound messages are 'received'. */
export const CASE_MESSAGE_DELIVERY = ['queued', 'sent', 'delivered', 'read', 'failed', 'received'] as const;
export type TCaseMessageDelivery = (typeof CASE_MESSAGE_DELIVERY)[number];

/**
 * Where a case came from (the inbox's channel filter): the review page (a QR code or a placement's
 * link), a review request's link, or a Google review. Read from the case's review, never stored.
 */
export const CASE_CHANNELS = ['qr', 'request', 'google'] as const;
export type TCaseChannel = (typeof CASE_CHANNELS)[number];

/** The statuses still waiting for the team: what the inbox shows first and the navigation counts. */
export const CASE_OPEN_STATUSES = [
  'new',
  'in_progress',
  'reopened',
] as const satisfies readonly TCaseStatus[];

/** The list's status filter: one status, or 'open' (any of CASE_OPEN_STATUSES). */
export const CASE_STATUS_FILTERS = ['open', ...CASE_STATUSES] as const;
export type TCaseStatusFilter = (typeof CASE_STATUS_FILTERS)[number];

/** How many cases one bulk change may name. */
export const CASE_BULK_MAX = 100;

/** The longest internal note. */
export const CASE_NOTE_MAX = 2000;
/** The longest message to a customer (a WhatsApp template parameter holds 1,024). */
export const CASE_MESSAGE_MAX = 1000;
/** The longest SMS reply: three segments of Unicode text (Hindi, Tamil…) or about seven of plain text. */
export const CASE_SMS_MAX = 200;

const STATUS_LABELS: Record<TCaseStatus, string> = {
  new: 'new',
  in_progress: 'in progress',
  resolved: 'resolved',
  reopened: 'reopened',
};

export const CASE_TEXTS = {
  notFound: 'Case not found',
  invalidId: 'Invalid id',
  statusInvalid: 'Status must be new, in_progress, resolved or reopened.',
  outcomeInvalid: 'Outcome must be recovered, not_recovered or no_reply.',
  assigneeInvalid: 'The assignee must be the id of a team member, or null.',
  transitionRefused: (from: TCaseStatus, to: TCaseStatus) =>
    `A ${STATUS_LABELS[from]} case cannot be moved to ${STATUS_LABELS[to]}.`,
  outcomeRequired: 'Choose an outcome (recovered, not recovered or no reply) to resolve this case.',
  outcomeOnlyWhenResolved: 'An outcome can only be given to a case being resolved or already resolved.',
  assigneeOutOfScope: 'The assignee must be a team member with access to this branch.',
  nothingToChange: 'Give a status, an assignee or an outcome to change.',
  noteRequired: 'Write a note.',
  messageRequired: 'Write a message.',
  messageTooLong: `A message can be at most ${CASE_MESSAGE_MAX} characters.`,
  smsTooLong: `An SMS can be at most ${CASE_SMS_MAX} characters; send a longer reply by WhatsApp or email.`,
  channelInvalid: 'Channel must be whatsapp, sms or email.',
  kindInvalid: 'Kind must be reply or invitation.',
  noContact: 'This customer left no phone number or email, so they cannot be written to.',
  noConsent: 'This customer did not agree to be contacted, so no message can be sent.',
  consentWithdrawn:
    'This customer asked not to be contacted again (STOP or unsubscribe), so no message can be sent.',
  invitationNotResolved:
    'The invitation to share the experience publicly can only be sent once the case is resolved.',
  invitationSent: 'The invitation to share the experience publicly has already been sent for this case.',
  incentiveRefused:
    'A message may not ask the customer to change or remove their review, or offer anything for a review. Write an apology or ask to call them instead.',
  templateKindInvalid: 'Template must be apology or callback.',
  languageInvalid: 'Choose one of the review page languages.',
} as const;

/** The inbox's messages: its filters, bulk changes and the people a case may be assigned to. */
export const CASE_LIST_TEXTS = {
  statusFilterInvalid: 'Status must be open, new, in_progress, resolved or reopened.',
  ratingInvalid: 'Rating must be a whole number from 1 to 5.',
  channelInvalid: 'Channel must be qr, request or google.',
  overdueInvalid: 'Overdue must be true or false.',
  idsRequired: 'Choose at least one case.',
  idsTooMany: `Choose at most ${CASE_BULK_MAX} cases at a time.`,
} as const;
