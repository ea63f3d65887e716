import {
  pageMeta,
  type TAdminAuditQuery,
  type TAdminAuditResponse,
  type TAuditEntry,
} from '@starloop/contract';
import { listAuditLog, type TAuditListRow } from '@starloop/db';
import type { TDeps } from '../../../context.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A YYYY-MM-DD day as its first instant (UTC). */
const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);

export const toAuditEntry = (row: TAuditListRow): TAuditEntry => ({
  id: row.id,
  actorKind: row.actorKind,
  actorId: row.actorId,
  actorName: row.actorName,
  action: row.action,
  targetTable: row.targetTable,
  targetId: row.targetId,
  ip: row.ip,
  details: row.details,
  createdAt: row.createdAt.toISOString(),
});

/** The audit trail for super admins: newest first, searched and filtered in the database. */
export async function listAudit(deps: TDeps, query: TAdminAuditQuery): Promise<TAdminAuditResponse> {
  const page = await listAuditLog(deps.db, {
    page: query.page,
    limit: query.limit,
    search: query.search,
    action: query.action,
    actorKind: query.actorKind,
    actorId: query.actorId,
    targetTable: query.targetTable,
    targetId: query.targetId,
    from: query.from ? dayStart(query.from) : undefined,
    // `to` is a whole day, included.
    to: query.to ? new Date(dayStart(query.to).getTime() + DAY_MS) : undefined,
  });
  return {
    success: true,
    entries: page.rows.map(toAuditEntry),
    meta: pageMeta(page.total, query.page, query.limit),
  };
}
