import { z } from 'zod';
import { ZIsoDate } from '../dto.ts';
import { pageLimit, ZPageMeta, ZPageQuery } from '../list-query.ts';
import {
  CASE_BULK_MAX,
  CASE_CHANNELS,
  CASE_EVENT_KINDS,
  CASE_LIST_TEXTS,
  CASE_MESSAGE_CHANNELS,
  CASE_MESSAGE_DELIVERY,
  CASE_MESSAGE_KINDS,
  CASE_MESSAGE_MAX,
  CASE_NOTE_MAX,
  CASE_OUTCOMES,
  CASE_REPLY_TEMPLATE_KINDS,
  CASE_STATUS_FILTERS,
  CASE_STATUSES,
  CASE_TEXTS,
} from '../rules/cases.ts';
import { MEMBER_ROLES } from '../rules/roles.ts';
import { optionalChoice, required, wholeNumberInput } from '../schema-helpers.ts';

/**
 * Feedback cases (owner.cases.*; `/api/v1/cases…`, issue 33): one per 1-3 star review (and, when
 * the branch asks for it, per 4-5 star review whose text reads negative), worked by the team from
 * new to resolved with an outcome, with a timeline of every change and note.
 */

const caseStatus = z.enum(CASE_STATUSES, { message: CASE_TEXTS.statusInvalid });
const caseOutcome = z.enum(CASE_OUTCOMES, { message: CASE_TEXTS.outcomeInvalid });

/** `true`/`false` from a query string, or a JSON boolean. */
const booleanInput = (message: string) =>
  z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean({ message }));

/**
 * GET /api/v1/cases: the cases of every branch the caller can see (or one), newest first. status
 * 'open' is new, in progress or reopened; channel is where the review came from; overdue: no first
 * response yet and past its due time (true), or not (false).
 */
export const ZCasesQuery = z.object({
  page: ZPageQuery.shape.page,
  limit: pageLimit(100, 20),
  status: optionalChoice(CASE_STATUS_FILTERS, CASE_LIST_TEXTS.statusFilterInvalid),
  businessId: wholeNumberInput(z.number().int().positive()).optional(),
  assigneeId: wholeNumberInput(z.number().int().positive()).optional(),
  rating: wholeNumberInput(
    z
      .number({ message: CASE_LIST_TEXTS.ratingInvalid })
      .int(CASE_LIST_TEXTS.ratingInvalid)
      .min(1, CASE_LIST_TEXTS.ratingInvalid)
      .max(5, CASE_LIST_TEXTS.ratingInvalid),
  ).optional(),
  channel: optionalChoice(CASE_CHANNELS, CASE_LIST_TEXTS.channelInvalid),
  overdue: booleanInput(CASE_LIST_TEXTS.overdueInvalid).optional(),
});
export type TCasesQuery = z.infer<typeof ZCasesQuery>;

export const ZCase = z.object({
  id: z.number().int(),
  /** The QR or request-link review; null for a Google review's case. */
  reviewId: z.number().int().nullable(),
  /** The Google review (its id in the reviews list with source google); null for the others. */
  googleReviewId: z.number().int().nullable(),
  businessId: z.number().int(),
  rating: z.number().int(),
  message: z.string(),
  status: z.enum(CASE_STATUSES),
  outcome: z.enum(CASE_OUTCOMES).nullable(),
  assigneeId: z.number().int().nullable(),
  /** Whether the customer left a way to reach them (never the contact itself). */
  contactPresent: z.boolean(),
  createdAt: ZIsoDate,
  firstResponseAt: ZIsoDate.nullable(),
  resolvedAt: ZIsoDate.nullable(),
  /** When the first response is due (the account's target in IST business hours). */
  dueAt: ZIsoDate,
  /** No first response yet and past dueAt. */
  overdue: z.boolean(),
  /** Where the review came from: the review page (QR), a review request's link, or Google. */
  channel: z.enum(CASE_CHANNELS),
});
export type TCase = z.infer<typeof ZCase>;

export const ZCases = z.object({ cases: z.array(ZCase), meta: ZPageMeta });
export type TCases = z.infer<typeof ZCases>;

/** One line of a case's timeline; the fields of its kind are set, the others null. */
export const ZCaseEvent = z.object({
  id: z.number().int(),
  kind: z.enum(CASE_EVENT_KINDS),
  /** The person who acted; null for an API key or StarLoop itself (opened). */
  actorId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  /** status: the status before and after. */
  fromStatus: z.enum(CASE_STATUSES).nullable(),
  toStatus: z.enum(CASE_STATUSES).nullable(),
  /** assigned: the new assignee (null: unassigned). */
  assigneeId: z.number().int().nullable(),
  /** outcome, and status events that resolve: the outcome given. */
  outcome: z.enum(CASE_OUTCOMES).nullable(),
  /** note, message_out, message_in: its text. */
  text: z.string().nullable(),
  /** message_out, message_in, consent_withdrawn: the channel. */
  channel: z.enum(CASE_MESSAGE_CHANNELS).nullable(),
  /** message_out: where delivery stands; message_in: 'received'. */
  delivery: z.enum(CASE_MESSAGE_DELIVERY).nullable(),
  /** message_out: a reply or the invitation. */
  messageKind: z.enum(CASE_MESSAGE_KINDS).nullable(),
  createdAt: ZIsoDate,
});
export type TCaseEvent = z.infer<typeof ZCaseEvent>;

const caseMessageChannel = z.enum(CASE_MESSAGE_CHANNELS, { message: CASE_TEXTS.channelInvalid });

/**
 * The customer's contact as left on the review page (issue 33 item 1), shown only to those who may
 * reach the case. consent: they ticked the consent line; withdrawnAt: they took it back since.
 */
export const ZCaseContact = z.object({
  phone: z.string().nullable(),
  email: z.string().nullable(),
  consent: z.boolean(),
  consentAt: ZIsoDate.nullable(),
  /** The page language the customer used (en, hi, …): messages go in it. */
  language: z.string(),
  withdrawnAt: ZIsoDate.nullable(),
});
export type TCaseContact = z.infer<typeof ZCaseContact>;

/**
 * Whether a message can go out on one channel now, and if not why and how to fix it (the screen
 * says it as is). via: StarLoop's own number/sender (platform, within the plan's monthly quota) or
 * the business's own.
 */
export const ZCaseReach = z.object({
  channel: z.enum(CASE_MESSAGE_CHANNELS),
  available: z.boolean(),
  via: z.enum(['platform', 'own']).nullable(),
  reason: z.string().nullable(),
});
export type TCaseReach = z.infer<typeof ZCaseReach>;

export const ZCaseDetail = ZCase.extend({
  timeline: z.array(ZCaseEvent),
  contact: ZCaseContact.nullable(),
  /** One line per channel, in the order the screen offers them. */
  reach: z.array(ZCaseReach),
  /** Whether the one invitation to share the experience publicly went out. */
  invitationSent: z.boolean(),
});
export type TCaseDetail = z.infer<typeof ZCaseDetail>;

/** Path parameter `{id}` of a case (decimal digits only). */
export const ZCaseIdParam = z.object({
  id: z
    .string({ message: CASE_TEXTS.invalidId })
    .regex(/^\d{1,15}$/, CASE_TEXTS.invalidId)
    .transform(Number)
    .pipe(z.number().int(CASE_TEXTS.invalidId).positive(CASE_TEXTS.invalidId)),
});

export const ZCaseIdInput = z.object({
  id: z.number({ message: CASE_TEXTS.invalidId }).int(CASE_TEXTS.invalidId).positive(CASE_TEXTS.invalidId),
});

/**
 * PATCH /api/v1/cases/{id}: what is left out stays. Resolving needs an outcome; assigneeId null
 * unassigns.
 */
export const ZCaseUpdate = ZCaseIdInput.extend({
  status: caseStatus.optional(),
  assigneeId: z
    .number({ message: CASE_TEXTS.assigneeInvalid })
    .int(CASE_TEXTS.assigneeInvalid)
    .positive(CASE_TEXTS.assigneeInvalid)
    .max(Number.MAX_SAFE_INTEGER, CASE_TEXTS.assigneeInvalid)
    .nullable()
    .optional(),
  outcome: caseOutcome.optional(),
});
export type TCaseUpdate = z.infer<typeof ZCaseUpdate>;

/**
 * POST /api/v1/cases/bulk: the same change as PATCH /api/v1/cases/{id} to each case named (1 to
 * 100, repeats counted once), each under the same rules and in its own transaction.
 */
export const ZCasesBulkUpdate = ZCaseUpdate.omit({ id: true }).extend({
  ids: z
    .array(ZCaseIdInput.shape.id, { message: CASE_LIST_TEXTS.idsRequired })
    .min(1, CASE_LIST_TEXTS.idsRequired)
    .max(CASE_BULK_MAX, CASE_LIST_TEXTS.idsTooMany),
});
export type TCasesBulkUpdate = z.infer<typeof ZCasesBulkUpdate>;

/**
 * One line per case named, in the order given: ok (changed, or already as asked), or the refusal
 * PATCH would have answered for it (a case out of reach reads 'Case not found').
 */
export const ZCasesBulkAnswer = z.object({
  results: z.array(z.object({ id: z.number().int(), ok: z.boolean(), message: z.string().nullable() })),
  /** How many were ok. */
  updated: z.number().int(),
});
export type TCasesBulkAnswer = z.infer<typeof ZCasesBulkAnswer>;

/** Someone a case may be assigned to: a member of the account and the branches they work on. */
export const ZCaseAssignee = z.object({
  personId: z.number().int(),
  name: z.string(),
  role: z.enum(MEMBER_ROLES),
  /** null: every branch. */
  businessIds: z.array(z.number().int()).nullable(),
});
export type TCaseAssignee = z.infer<typeof ZCaseAssignee>;

/**
 * GET /api/v1/cases/assignees: the members who work on at least one of the caller's branches (no
 * phone or email), and the caller's own person id (null for an API key), for "assign to me".
 */
export const ZCaseAssignees = z.object({
  meId: z.number().int().nullable(),
  assignees: z.array(ZCaseAssignee),
});
export type TCaseAssignees = z.infer<typeof ZCaseAssignees>;

/** POST /api/v1/cases/{id}/notes: an internal note (never shown to the customer). */
export const ZCaseNote = ZCaseIdInput.extend({ text: required(CASE_TEXTS.noteRequired, CASE_NOTE_MAX) });
export type TCaseNote = z.infer<typeof ZCaseNote>;

/**
 * POST /api/v1/cases/{id}/messages: a message to the customer on one channel, in the customer's page
 * language as written. kind 'invitation' sends StarLoop's one neutral invitation to share the
 * experience publicly (text is then ignored; only on a resolved case, once). Refused (4xx, nothing
 * sent) without a contact, consent or channel.
 */
export const ZCaseMessage = ZCaseIdInput.extend({
  channel: caseMessageChannel,
  kind: z.enum(CASE_MESSAGE_KINDS, { message: CASE_TEXTS.kindInvalid }).default('reply'),
  text: z
    .string({ message: CASE_TEXTS.messageRequired })
    .trim()
    .max(CASE_MESSAGE_MAX, CASE_TEXTS.messageTooLong)
    .default(''),
});
export type TCaseMessage = z.infer<typeof ZCaseMessage>;

/** A reply template in one page language; custom: the business's own wording, else StarLoop's. */
export const ZCaseReplyTemplate = z.object({
  kind: z.enum(CASE_REPLY_TEMPLATE_KINDS),
  language: z.string(),
  text: z.string(),
  custom: z.boolean(),
});
export type TCaseReplyTemplate = z.infer<typeof ZCaseReplyTemplate>;

/** GET /api/v1/cases/templates?language=: every kind in one language (all eight without it). */
export const ZCaseReplyTemplatesQuery = z.object({ language: z.string().max(8).optional() });
export const ZCaseReplyTemplates = z.object({ templates: z.array(ZCaseReplyTemplate) });
export type TCaseReplyTemplates = z.infer<typeof ZCaseReplyTemplates>;

/** PUT /api/v1/cases/templates: the business's own wording; an empty text goes back to StarLoop's. */
export const ZCaseReplyTemplateUpdate = z.object({
  kind: z.enum(CASE_REPLY_TEMPLATE_KINDS, { message: CASE_TEXTS.templateKindInvalid }),
  language: z.string({ message: CASE_TEXTS.languageInvalid }).max(8, CASE_TEXTS.languageInvalid),
  text: z.string().trim().max(CASE_MESSAGE_MAX, CASE_TEXTS.messageTooLong),
});
export type TCaseReplyTemplateUpdate = z.infer<typeof ZCaseReplyTemplateUpdate>;
