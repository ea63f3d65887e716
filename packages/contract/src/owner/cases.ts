import { z } from 'zod';
import { ZIsoDate } from '../dto.ts';
import { pageLimit, ZPageMeta, ZPageQuery } from '../list-query.ts';
import { CASE_EVENT_KINDS, CASE_OUTCOMES, CASE_STATUSES, type TCaseStatus } from '../rules/cases.ts';
import { optionalChoice, required, wholeNumberInput } from '../schema-helpers.ts';

/**
 * Feedback cases (owner.cases.*; `/api/v1/cases…`, issue 33): one per 1-3 star review (and, when
 * the branch asks for it, per 4-5 star review whose text reads negative), worked by the team from
 * new to resolved with an outcome, with a timeline of every change and note.
 */

/** The longest internal note. */
export const CASE_NOTE_MAX = 2000;

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
} as const;

const caseStatus = z.enum(CASE_STATUSES, { message: CASE_TEXTS.statusInvalid });
const caseOutcome = z.enum(CASE_OUTCOMES, { message: CASE_TEXTS.outcomeInvalid });

/** GET /api/v1/cases: the cases of every branch the caller can see (or one), newest first. */
export const ZCasesQuery = z.object({
  page: ZPageQuery.shape.page,
  limit: pageLimit(100, 20),
  status: optionalChoice(CASE_STATUSES, CASE_TEXTS.statusInvalid),
  businessId: wholeNumberInput(z.number().int().positive()).optional(),
  assigneeId: wholeNumberInput(z.number().int().positive()).optional(),
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
  /** note: its text. */
  text: z.string().nullable(),
  createdAt: ZIsoDate,
});
export type TCaseEvent = z.infer<typeof ZCaseEvent>;

export const ZCaseDetail = ZCase.extend({ timeline: z.array(ZCaseEvent) });
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

/** POST /api/v1/cases/{id}/notes: an internal note (never shown to the customer). */
export const ZCaseNote = ZCaseIdInput.extend({ text: required(CASE_TEXTS.noteRequired, CASE_NOTE_MAX) });
export type TCaseNote = z.infer<typeof ZCaseNote>;
