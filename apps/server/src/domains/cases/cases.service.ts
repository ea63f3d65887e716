import {
  ACCOUNT_TEXTS,
  branchInScope,
  CASE_TEXTS,
  caseTransitionAllowed,
  isCaseOverdue,
  pageMeta,
  type TCase as TCaseAnswer,
  type TCaseAssignees,
  type TCaseDetail,
  type TCaseEvent as TCaseEventAnswer,
  type TCaseMessageChannel,
  type TCaseMessageDelivery,
  type TCaseMessageKind,
  type TCaseNote,
  type TCaseOutcome,
  type TCaseStatus,
  type TCases,
  type TCasesBulkAnswer,
  type TCasesBulkUpdate,
  type TCasesQuery,
  type TCaseUpdate,
} from '@starloop/contract';
import {
  findCase,
  findMembership,
  insertCaseEvents,
  inTransaction,
  listAccountBusinesses,
  listAccountMembers,
  listCaseEvents,
  listCaseMessages,
  listCases as listCaseRows,
  lockCase,
  type TCase,
  type TCaseEventRow,
  type TCaseRow,
  type TDb,
  updateCase,
} from '@starloop/db';
import type { TAccountSession } from '../../auth/authenticate.ts';
import type { TDeps } from '../../context.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { caseContactDetail } from './case-reach.service.ts';
import { emitCaseEvents } from './case-webhook.events.ts';

/**
 * Feedback cases (issue 33): the team's list, a case with its timeline, its changes and notes.
 * A caller reaches the cases of the live branches in their scope (every branch of the account for
 * owners and API keys, their own for managers and staff); any other case is a 404, so nobody learns
 * that another account's case exists.
 */

type TCaseDeps = Pick<TDeps, 'db' | 'now' | 'config'>;

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

export function toCase(row: TCaseRow, now: Date): TCaseAnswer {
  return {
    id: Number(row.id),
    reviewId: row.reviewId === null ? null : Number(row.reviewId),
    googleReviewId: row.googleReviewId === null ? null : Number(row.googleReviewId),
    businessId: Number(row.ownerId),
    rating: row.rating,
    message: row.message,
    status: row.status,
    outcome: row.outcome,
    assigneeId: row.assigneePersonId === null ? null : Number(row.assigneePersonId),
    contactPresent: row.contactPresent,
    createdAt: new Date(row.createdAt).toISOString(),
    firstResponseAt: iso(row.firstResponseAt),
    resolvedAt: iso(row.resolvedAt),
    dueAt: new Date(row.dueAt).toISOString(),
    overdue: isCaseOverdue(row, now),
    channel: row.channel,
  };
}

const pick = <T>(data: Record<string, unknown>, key: string): T | null => (data[key] ?? null) as T | null;

export function toCaseEvent(row: TCaseEventRow): TCaseEventAnswer {
  const data = (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Record<string, unknown>;
  const status = row.kind === 'status';
  const message = row.kind === 'message_out' || row.kind === 'message_in';
  return {
    id: Number(row.id),
    kind: row.kind,
    actorId: row.actorPersonId === null ? null : Number(row.actorPersonId),
    actorName: row.actorName,
    fromStatus: status ? pick<TCaseStatus>(data, 'from') : null,
    toStatus: status ? pick<TCaseStatus>(data, 'to') : null,
    assigneeId: row.kind === 'assigned' ? pick<number>(data, 'to') : null,
    outcome:
      row.kind === 'outcome'
        ? pick<TCaseOutcome>(data, 'to')
        : status
          ? pick<TCaseOutcome>(data, 'outcome')
          : null,
    text: row.kind === 'note' || message ? pick<string>(data, 'text') : null,
    channel: message || row.kind === 'consent_withdrawn' ? pick<TCaseMessageChannel>(data, 'channel') : null,
    delivery: message ? pick<TCaseMessageDelivery>(data, 'delivery') : null,
    messageKind: row.kind === 'message_out' ? pick<TCaseMessageKind>(data, 'messageKind') : null,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

function withDelivery(
  answer: TCaseEventAnswer,
  row: TCaseEventRow,
  delivery: Map<number, TCaseMessageDelivery | 'sending'>,
): TCaseEventAnswer {
  const data = (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as { messageId?: number };
  if (answer.kind !== 'message_out' && answer.kind !== 'message_in') return answer;
  const status = delivery.get(Number(data.messageId));
  // 'sending' is a job's claim, not a state the team needs: it is still on its way.
  return { ...answer, delivery: status === 'sending' ? 'queued' : (status ?? answer.delivery) };
}

/** The live branches the caller may use: all of the account's for owners and keys, their own for others. */
export async function branchIdsInScope(db: TDb, session: TAccountSession): Promise<number[]> {
  const all = await listAccountBusinesses(db, session.membership.accountId);
  return all
    .filter((b) => !b.deletedAt && branchInScope(session.membership.businessIds, b.id))
    .map((b) => Number(b.id));
}

/** A case the caller may reach, else a 404 (another account's, another branch's, or none). */
export async function visibleCase(
  db: TDb,
  session: TAccountSession,
  id: number,
  scope?: readonly number[],
): Promise<TCaseRow> {
  const row = await findCase(db, id);
  if (!row || Number(row.accountId) !== Number(session.membership.accountId)) {
    throw notFound(CASE_TEXTS.notFound);
  }
  if (!(scope ?? (await branchIdsInScope(db, session))).includes(Number(row.ownerId)))
    throw notFound(CASE_TEXTS.notFound);
  return row;
}

/** GET /api/v1/cases: newest first; `businessId` outside the caller's branches is a 403, as the reviews list. */
export async function listCases(
  deps: TCaseDeps,
  session: TAccountSession,
  query: TCasesQuery,
): Promise<TCases> {
  const scope = await branchIdsInScope(deps.db, session);
  const ids = query.businessId === undefined ? scope : scope.filter((id) => id === query.businessId);
  if (query.businessId !== undefined && ids.length === 0) {
    throw new AppError('FORBIDDEN', ACCOUNT_TEXTS.branchForbidden);
  }
  const now = deps.now();
  const { rows, total } = await listCaseRows(deps.db, ids, { ...query, now });
  return { cases: rows.map((row) => toCase(row, now)), meta: pageMeta(total, query.page, query.limit) };
}

async function caseDetail(deps: TCaseDeps, row: TCaseRow): Promise<TCaseDetail> {
  const [events, messages, reaching] = await Promise.all([
    listCaseEvents(deps.db, Number(row.id)),
    listCaseMessages(deps.db, Number(row.id)),
    caseContactDetail(deps, row),
  ]);
  // A message's line shows where its delivery stands now, not when it was written.
  const delivery = new Map(messages.map((m) => [Number(m.id), m.status]));
  return {
    ...toCase(row, deps.now()),
    timeline: events.map((event) => withDelivery(toCaseEvent(event), event, delivery)),
    ...reaching,
  };
}

/** GET /api/v1/cases/{id}: the case with its timeline, oldest first. */
export async function getCase(deps: TCaseDeps, session: TAccountSession, id: number): Promise<TCaseDetail> {
  return caseDetail(deps, await visibleCase(deps.db, session, id));
}

/**
 * The check that an assignee may take a case of a branch: a member of the case's account with
 * access to its branch. Their membership is read once, so a bulk change checks it per case for free.
 */
async function assigneeCheck(
  db: TDb,
  session: TAccountSession,
  personId: number,
): Promise<(businessId: number) => void> {
  const membership = await findMembership(db, session.membership.accountId, personId);
  // int8[] arrives as text on node-postgres: the ids are compared as numbers.
  const branches = membership?.businessIds?.map(Number) ?? null;
  return (businessId) => {
    if (!membership || !branchInScope(branches, businessId)) {
      throw badRequest(CASE_TEXTS.assigneeOutOfScope, 'assigneeId');
    }
  };
}

type TEvent = Parameters<typeof insertCaseEvents>[1][number];

type TCaseChange = Omit<TCaseUpdate, 'id'>;
/** A change may resolve a case, which tells the owner's webhooks (jobs) in its transaction. */
type TCaseChangeDeps = TCaseDeps & Pick<TDeps, 'jobs' | 'log'>;

const nothingToChange = (input: TCaseChange) =>
  input.status === undefined && input.assigneeId === undefined && input.outcome === undefined;

/**
 * One case's change, in its own transaction under its row lock: status (new -> in progress ->
 * resolved; resolved -> reopened -> in progress or resolved; resolving needs an outcome), assignee,
 * or the outcome of a resolved case. Each change is a timeline line with its actor; the first
 * status change sets first_response_at. A refused change throws before any write.
 */
async function applyCaseChange(
  deps: TCaseChangeDeps,
  session: TAccountSession,
  id: number,
  input: TCaseChange,
): Promise<void> {
  const actorPersonId = session.person ? Number(session.person.id) : null;
  await inTransaction(deps.db, async (trx) => {
    const current = await lockCase(trx, id);
    if (!current) throw notFound(CASE_TEXTS.notFound);
    const now = deps.now();
    const patch: Parameters<typeof updateCase>[2] = {};
    const events: TEvent[] = [];
    const event = (kind: TEvent['kind'], data: Record<string, unknown>) =>
      events.push({ caseId: id, kind, actorPersonId, data, createdAt: now });
    const to = input.status !== undefined && input.status !== current.status ? input.status : undefined;
    if (to) {
      if (!caseTransitionAllowed(current.status, to)) {
        throw conflict(CASE_TEXTS.transitionRefused(current.status, to), 'status');
      }
      if (to === 'resolved' && input.outcome === undefined)
        throw badRequest(CASE_TEXTS.outcomeRequired, 'outcome');
    }
    const resolved = (to ?? current.status) === 'resolved';
    if (input.outcome !== undefined && !resolved)
      throw badRequest(CASE_TEXTS.outcomeOnlyWhenResolved, 'outcome');
    if (to) {
      patch.status = to;
      if (to === 'resolved') {
        patch.outcome = input.outcome!;
        patch.resolvedAt = now;
      } else if (to === 'reopened') {
        patch.outcome = null;
        patch.resolvedAt = null;
      }
      event('status', { from: current.status, to, ...(to === 'resolved' ? { outcome: input.outcome } : {}) });
      if (current.firstResponseAt === null) patch.firstResponseAt = now;
    } else if (input.outcome !== undefined && input.outcome !== current.outcome) {
      patch.outcome = input.outcome;
      event('outcome', { from: current.outcome, to: input.outcome });
    }
    const assignee = input.assigneeId;
    if (
      assignee !== undefined &&
      assignee !== (current.assigneePersonId === null ? null : Number(current.assigneePersonId))
    ) {
      patch.assigneePersonId = assignee;
      event('assigned', { from: current.assigneePersonId, to: assignee });
    }
    if (events.length === 0) return;
    patch.updatedAt = now;
    await updateCase(trx, id, patch);
    await insertCaseEvents(trx, events);
    // The owner's webhooks hear of it in the same transaction (case-webhook.events.ts).
    if (to === 'resolved')
      await emitCaseEvents(deps, trx, 'case.resolved', [{ caseId: id, ownerId: Number(current.ownerId) }]);
  });
}

/**
 * PATCH /api/v1/cases/{id}: status, assignee or outcome (see applyCaseChange). A refused change
 * changes nothing.
 */
export async function updateCaseOf(
  deps: TCaseChangeDeps,
  session: TAccountSession,
  input: TCaseUpdate,
): Promise<TCaseDetail> {
  const { id, ...change } = input;
  if (nothingToChange(change)) throw badRequest(CASE_TEXTS.nothingToChange);
  const visible = await visibleCase(deps.db, session, id);
  if (change.assigneeId != null) {
    (await assigneeCheck(deps.db, session, change.assigneeId))(Number(visible.ownerId));
  }
  await applyCaseChange(deps, session, id, change);
  return getCase(deps, session, id);
}

/**
 * POST /api/v1/cases/bulk: PATCH's change to each case named, each under PATCH's rules in its own
 * transaction, so one refusal (a move its status does not allow, an assignee without its branch, a
 * case out of reach) leaves the others done. The answer has a line per case in the order given;
 * a case out of reach reads "Case not found" like GET, so ids reveal nothing.
 */
export async function bulkUpdateCases(
  deps: TCaseChangeDeps,
  session: TAccountSession,
  input: TCasesBulkUpdate,
): Promise<TCasesBulkAnswer> {
  const { ids, ...change } = input;
  if (nothingToChange(change)) throw badRequest(CASE_TEXTS.nothingToChange);
  const scope = await branchIdsInScope(deps.db, session);
  const assignable =
    change.assigneeId != null ? await assigneeCheck(deps.db, session, change.assigneeId) : () => {};
  const results: TCasesBulkAnswer['results'] = [];
  for (const id of new Set(ids)) {
    try {
      const visible = await visibleCase(deps.db, session, id, scope);
      assignable(Number(visible.ownerId));
      await applyCaseChange(deps, session, id, change);
      results.push({ id, ok: true, message: null });
    } catch (error) {
      // A refusal is this case's answer; anything else (the database gone) fails the request.
      if (!(error instanceof AppError)) throw error;
      results.push({ id, ok: false, message: error.message });
    }
  }
  return { results, updated: results.filter((r) => r.ok).length };
}

/**
 * GET /api/v1/cases/assignees: the people a case may go to, for the inbox's pickers: every member
 * with access to at least one branch in the caller's scope, their role and branches (no phone or
 * email: staff see each other's names only).
 */
export async function listCaseAssignees(deps: TCaseDeps, session: TAccountSession): Promise<TCaseAssignees> {
  const [scope, members] = await Promise.all([
    branchIdsInScope(deps.db, session),
    listAccountMembers(deps.db, session.membership.accountId),
  ]);
  const assignees = members
    .filter((m) => m.businessIds === null || m.businessIds.some((id) => scope.includes(Number(id))))
    .map((m) => ({
      personId: Number(m.personId),
      name: m.name,
      role: m.role,
      businessIds: m.businessIds?.map(Number) ?? null,
    }));
  return { meId: session.person ? Number(session.person.id) : null, assignees };
}

/** POST /api/v1/cases/{id}/notes: an internal note on the timeline; the first one may be the first response. */
export async function addCaseNote(
  deps: TCaseDeps,
  session: TAccountSession,
  input: TCaseNote,
): Promise<TCaseDetail> {
  await visibleCase(deps.db, session, input.id);
  const actorPersonId = session.person ? Number(session.person.id) : null;
  await inTransaction(deps.db, async (trx) => {
    const current: TCase | undefined = await lockCase(trx, input.id);
    if (!current) throw notFound(CASE_TEXTS.notFound);
    const now = deps.now();
    await insertCaseEvents(trx, [
      { caseId: input.id, kind: 'note', actorPersonId, data: { text: input.text }, createdAt: now },
    ]);
    await updateCase(trx, input.id, {
      updatedAt: now,
      ...(current.firstResponseAt === null ? { firstResponseAt: now } : {}),
    });
  });
  return getCase(deps, session, input.id);
}
