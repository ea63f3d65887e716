import { sql } from 'kysely';
import type { TDb } from '../client.ts';
import type { TAuditActorKind } from '../database.ts';
import { countOf, readPage, sortedWindow, type TPage, type TPageRequest } from './paging.ts';
import { containsPattern } from './search.ts';

/**
 * The audit trail (migration 0010): written in the same transaction as the change it records
 * (pass the transaction as `db`), read by super admins. The table takes inserts only: the
 * database refuses UPDATE, DELETE and TRUNCATE, so nothing here offers them.
 */

export interface TAuditEntryInput {
  actorKind: TAuditActorKind;
  actorId: number | null;
  action: string;
  targetTable?: string | null;
  targetId?: number | null;
  ip?: string | null;
  /** Small and free of secrets (no passwords, tokens, codes or TOTP secrets). */
  details?: Record<string, unknown>;
}

export async function recordAudit(db: TDb, entry: TAuditEntryInput): Promise<void> {
  await db
    .insertInto('auditLog')
    .values({
      actorKind: entry.actorKind,
      actorId: entry.actorId,
      action: entry.action,
      targetTable: entry.targetTable ?? null,
      targetId: entry.targetId ?? null,
      ip: entry.ip ?? null,
      details: JSON.stringify(entry.details ?? {}),
    })
    .execute();
}

export interface TAuditListQuery extends TPageRequest {
  search?: string | undefined;
  action?: string | undefined;
  actorKind?: TAuditActorKind | undefined;
  actorId?: number | undefined;
  targetTable?: string | undefined;
  targetId?: number | undefined;
  /** From this instant on (inclusive). */
  from?: Date | undefined;
  /** Before this instant (exclusive). */
  to?: Date | undefined;
}

export interface TAuditListRow {
  id: number;
  actorKind: TAuditActorKind;
  actorId: number | null;
  /** The admin's name or the owner's business, as they are now; null for the system. */
  actorName: string | null;
  action: string;
  targetTable: string | null;
  targetId: number | null;
  ip: string | null;
  details: Record<string, unknown>;
  createdAt: Date;
}

/** What the search box reads: the action, the target, the address and the details. */
const auditSearchText = sql<string>`lower(audit_log.action || ' ' || coalesce(audit_log.target_table, '') || ' ' || coalesce(audit_log.ip, '') || ' ' || audit_log.details::text)`;

/** A page of the trail, newest first (ties by id); the total is a count of what the filters keep. */
export async function listAuditLog(db: TDb, query: TAuditListQuery): Promise<TPage<TAuditListRow>> {
  let base = db.selectFrom('auditLog');
  if (query.search) base = base.where(auditSearchText, 'like', containsPattern(query.search));
  if (query.action) base = base.where('auditLog.action', '=', query.action);
  if (query.actorKind) base = base.where('auditLog.actorKind', '=', query.actorKind);
  if (query.actorId !== undefined) base = base.where('auditLog.actorId', '=', query.actorId);
  if (query.targetTable) base = base.where('auditLog.targetTable', '=', query.targetTable);
  if (query.targetId !== undefined) base = base.where('auditLog.targetId', '=', query.targetId);
  if (query.from) base = base.where('auditLog.createdAt', '>=', query.from);
  if (query.to) base = base.where('auditLog.createdAt', '<', query.to);
  return readPage(query, {
    total: () => countOf(base),
    readRows: (window) =>
      sortedWindow(
        base
          .leftJoin('admins', (join) =>
            join.onRef('admins.id', '=', 'auditLog.actorId').on('auditLog.actorKind', '=', 'admin'),
          )
          .leftJoin('owners', (join) =>
            join.onRef('owners.id', '=', 'auditLog.actorId').on('auditLog.actorKind', '=', 'owner'),
          )
          .select([
            'auditLog.id',
            'auditLog.actorKind',
            'auditLog.actorId',
            sql<string | null>`coalesce(admins.name, owners.business_name)`.as('actorName'),
            'auditLog.action',
            'auditLog.targetTable',
            'auditLog.targetId',
            'auditLog.ip',
            'auditLog.details',
            'auditLog.createdAt',
          ]),
        window,
        ['auditLog.createdAt', 'auditLog.id'],
      ).execute(),
  });
}

/** The trail between `from` (inclusive) and `to` (exclusive), oldest first, at most `limit` rows. */
export async function listAuditLogRange(
  db: TDb,
  range: { from: Date; to: Date },
  limit: number,
): Promise<TAuditListRow[]> {
  return db
    .selectFrom('auditLog')
    .leftJoin('admins', (join) =>
      join.onRef('admins.id', '=', 'auditLog.actorId').on('auditLog.actorKind', '=', 'admin'),
    )
    .leftJoin('owners', (join) =>
      join.onRef('owners.id', '=', 'auditLog.actorId').on('auditLog.actorKind', '=', 'owner'),
    )
    .select([
      'auditLog.id',
      'auditLog.actorKind',
      'auditLog.actorId',
      sql<string | null>`coalesce(admins.name, owners.business_name)`.as('actorName'),
      'auditLog.action',
      'auditLog.targetTable',
      'auditLog.targetId',
      'auditLog.ip',
      'auditLog.details',
      'auditLog.createdAt',
    ])
    .where('auditLog.createdAt', '>=', range.from)
    .where('auditLog.createdAt', '<', range.to)
    .orderBy('auditLog.createdAt', 'asc')
    .orderBy('auditLog.id', 'asc')
    .limit(limit)
    .execute();
}

/**
 * The `details.event` of every `action` row about one target (e.g. the first-run checklist's
 * events of a branch, `onboarding.step` on `owners`), distinct.
 */
export async function listAuditEventsOf(
  db: TDb,
  target: { action: string; targetTable: string; targetId: number },
): Promise<string[]> {
  const rows = await db
    .selectFrom('auditLog')
    .select(sql<string>`audit_log.details->>'event'`.as('event'))
    .distinct()
    .where('auditLog.targetTable', '=', target.targetTable)
    .where('auditLog.targetId', '=', target.targetId)
    .where('auditLog.action', '=', target.action)
    .execute();
  return rows.map((row) => row.event).filter((event): event is string => typeof event === 'string');
}
