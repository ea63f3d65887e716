import { DATA_REQUEST_TEXTS, type TOwnerDataRequest, type TOwnerDataRequestList } from '@starloop/contract';
import {
  cancelPendingRequestsOf,
  completeDataRequestRow,
  eraseCustomerData,
  findContactsByKeys,
  findOwnerDataRequest,
  inTransaction,
  listDueDataRequestIds,
  listOwnerDataRequests,
  lockOpenDataRequest,
  type TDataRequestRow,
  type TDb,
  type TOwnerPublic,
} from '@starloop/db';
import type { TOwnerSession } from '../../../auth/authenticate.ts';
import type { TDeps } from '../../../context.ts';
import { auditBy } from '../../../lib/audit.ts';
import { conflict, foundOr404 } from '../../../lib/errors.ts';
import { giveBackUsage } from '../requests/request-usage.service.ts';

/**
 * Customers' access and erasure requests as tasks of the business (issue 35 item 3): listed for
 * its owners, completed by one of them, or, past the due date, by the maintenance job (an erasure
 * is then done by StarLoop; an access request counts as answered by the summary the "my data" page
 * showed). Every completion is in the audit log.
 */

const toOwnerDataRequest = (row: TDataRequestRow, now: Date): TOwnerDataRequest => ({
  id: Number(row.id),
  kind: row.kind,
  identifierKind: row.identifierKind,
  identifier: row.identifier ?? row.identifierMasked,
  held: row.held,
  status: row.status,
  dueAt: row.dueAt.toISOString(),
  overdue: row.status === 'open' && row.dueAt.getTime() <= now.getTime(),
  completedAt: row.completedAt ? row.completedAt.toISOString() : null,
  createdAt: row.createdAt.toISOString(),
});

export async function listDataRequests(deps: TDeps, owner: TOwnerPublic): Promise<TOwnerDataRequestList> {
  const rows = await listOwnerDataRequests(deps.db, owner.id);
  const now = deps.now();
  return {
    success: true,
    open: rows.filter((r) => r.status === 'open').length,
    requests: rows.map((r) => toOwnerDataRequest(r, now)),
  };
}

/**
 * Erases what the business holds about the customer, in the caller's transaction: what was still
 * to be sent to them is cancelled (its month's usage given back), then the records go.
 */
export async function eraseForBusiness(
  trx: TDb,
  ownerId: number,
  who: { phoneE164?: string; email?: string },
): Promise<void> {
  const contacts = await findContactsByKeys(trx, ownerId, {
    phones: who.phoneE164 ? [who.phoneE164] : [],
    emails: who.email ? [who.email] : [],
  });
  const cancelled = await cancelPendingRequestsOf(
    trx,
    { contactIds: contacts.map((c) => Number(c.id)) },
    'opted-out',
  );
  await giveBackUsage(trx, cancelled);
  await eraseCustomerData(trx, ownerId, who);
}

/** Completes an open request in `trx` (erasing first for an erasure); false when it was not open. */
async function completeInTransaction(
  trx: TDb,
  id: number,
  how: { status: 'completed' | 'auto_completed'; at: Date; personId: number | null; ip: string | null },
): Promise<boolean> {
  const row = await lockOpenDataRequest(trx, id);
  if (!row || row.identifier === null) return false;
  if (row.kind === 'erasure') {
    await eraseForBusiness(
      trx,
      Number(row.ownerId),
      row.identifierKind === 'phone' ? { phoneE164: row.identifier } : { email: row.identifier },
    );
  }
  await completeDataRequestRow(trx, id, how);
  await auditBy(
    trx,
    { actorKind: how.personId === null ? 'system' : 'owner', actorId: how.personId, ip: how.ip },
    {
      action: how.status === 'completed' ? 'data_request.complete' : 'data_request.auto_complete',
      targetTable: 'data_requests',
      targetId: id,
      details: { ownerId: Number(row.ownerId), kind: row.kind, identifier: row.identifierMasked },
    },
  );
  return true;
}

/** owner.dataRequests.complete: an owner marks the request done (an erasure is carried out now). */
export async function completeDataRequest(
  deps: TDeps,
  session: TOwnerSession,
  id: number,
  client: { ip: string | null },
): Promise<{ success: true; message: string; request: TOwnerDataRequest }> {
  const found = foundOr404(
    await findOwnerDataRequest(deps.db, session.owner.id, id),
    DATA_REQUEST_TEXTS.notFound,
  );
  if (found.status !== 'open') throw conflict(DATA_REQUEST_TEXTS.alreadyCompleted);
  const now = deps.now();
  const done = await inTransaction(deps.db, (trx) =>
    completeInTransaction(trx, id, {
      status: 'completed',
      at: now,
      personId: session.person.id,
      ip: client.ip,
    }),
  );
  if (!done) throw conflict(DATA_REQUEST_TEXTS.alreadyCompleted);
  const row = foundOr404(
    await findOwnerDataRequest(deps.db, session.owner.id, id),
    DATA_REQUEST_TEXTS.notFound,
  );
  return { success: true, message: DATA_REQUEST_TEXTS.completed, request: toOwnerDataRequest(row, now) };
}

/**
 * The maintenance job: every open request past its due date is completed by StarLoop (erasures
 * carried out), each in its own transaction. Answers how many.
 */
export async function autoCompleteDueDataRequests(
  deps: Pick<TDeps, 'db' | 'now' | 'log'>,
  limit = 200,
): Promise<number> {
  const now = deps.now();
  let done = 0;
  for (const id of await listDueDataRequestIds(deps.db, now, limit)) {
    try {
      const completed = await inTransaction(deps.db, (trx) =>
        completeInTransaction(trx, id, { status: 'auto_completed', at: now, personId: null, ip: null }),
      );
      if (completed) done += 1;
    } catch (error) {
      deps.log.error({ err: error, dataRequestId: id }, 'data request: auto-completion failed');
    }
  }
  if (done > 0) deps.log.info({ dataRequests: done }, 'data requests completed past their due date');
  return done;
}
