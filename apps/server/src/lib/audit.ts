import type { TAuditAction, TAuditTargetTable } from '@starloop/contract';
import {
  inTransaction,
  recordActivity,
  recordAudit,
  type TActivityInput,
  type TAuditEntryInput,
  type TDb,
} from '@starloop/db';
import type { TAdminSession } from '../auth/authenticate.ts';
import { notFound } from './errors.ts';

/**
 * Who changes data, for the activity feed and the audit trail: the signed-in admin and the address
 * the request came from. Operations build it with `adminActor(ctx)`; `ip` is required so no
 * operation can forget it.
 */
export interface TAdminActor {
  id: number;
  name: string;
  ip: string | null;
}

export const adminActor = (ctx: { session: TAdminSession; ip: string }): TAdminActor => ({
  id: ctx.session.admin.id,
  name: ctx.session.admin.name,
  ip: ctx.ip,
});

export interface TAuditWrite {
  action: TAuditAction;
  targetTable?: TAuditTargetTable | null;
  targetId?: number | null;
  /** Small and free of secrets: which fields changed, a status before and after, a recipient. */
  details?: Record<string, unknown>;
}

/** One audit row written by an admin; pass the change's transaction as `db`. */
export function auditByAdmin(db: TDb, actor: TAdminActor, entry: TAuditWrite): Promise<void> {
  return recordAudit(db, { actorKind: 'admin', actorId: actor.id, ip: actor.ip, ...entry });
}

/**
 * A signed-in owner changing its own security settings (password, API keys, webhook endpoints,
 * channel credentials, Google access), with the address the request came from.
 */
export interface TOwnerActor {
  id: number;
  ip: string | null;
}

/** One audit row written by an owner about its own account; pass the change's transaction as `db`. */
export function auditByOwner(db: TDb, actor: TOwnerActor, entry: TAuditWrite): Promise<void> {
  return recordAudit(db, { actorKind: 'owner', actorId: actor.id, ip: actor.ip, ...entry });
}

/** One audit row written by someone other than a signed-in admin (an owner, the command line). */
export function auditBy(
  db: TDb,
  actor: Pick<TAuditEntryInput, 'actorKind' | 'actorId' | 'ip'>,
  entry: TAuditWrite,
): Promise<void> {
  return recordAudit(db, { ...actor, ...entry });
}

/** An admin's change as the activity feed and the audit trail tell it. */
export interface TAdminChange {
  activity: Omit<TActivityInput, 'adminId'>;
  audit: TAuditWrite;
}

/**
 * An admin's change, told twice in the change's transaction: a line in the activity feed (under
 * the admin's id) and a row in the audit trail (with the admin's address).
 */
export async function recordAdminChange(db: TDb, actor: TAdminActor, change: TAdminChange): Promise<void> {
  await recordActivity(db, { ...change.activity, adminId: actor.id });
  await auditByAdmin(db, actor, change.audit);
}

/**
 * An admin's delete of one record (an agent, a lead): read and deleted in one transaction, a 404
 * with `notFound` when either finds nothing, and the change (told from the record as it was)
 * recorded in the same transaction.
 */
export async function deleteRecorded<TRow>(
  db: TDb,
  actor: TAdminActor,
  id: number,
  spec: {
    find: (trx: TDb, id: number) => Promise<TRow | undefined>;
    remove: (trx: TDb, id: number) => Promise<boolean>;
    notFound: string;
    change: (row: TRow) => TAdminChange;
  },
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const row = await spec.find(trx, id);
    if (!row || !(await spec.remove(trx, id))) throw notFound(spec.notFound);
    await recordAdminChange(trx, actor, spec.change(row));
  });
}

/** The audit's "which fields changed": those of `keys` whose value differs after the edit. */
export const changedFields = <K extends string>(
  before: Record<K, unknown>,
  after: Record<K, unknown>,
  keys: readonly K[],
): K[] => keys.filter((key) => before[key] !== after[key]);

/** The audit's "before and after" of a value that moved, e.g. `{ status: ['active', 'inactive'] }`; else nothing. */
export const movedValue = <K extends string, V>(key: K, before: V, after: V): Partial<Record<K, [V, V]>> =>
  before !== after ? ({ [key]: [before, after] } as Record<K, [V, V]>) : {};
