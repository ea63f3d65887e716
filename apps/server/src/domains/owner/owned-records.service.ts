import type { TAuditAction, TAuditTargetTable, TMessageResult } from '@starloop/contract';
import { inTransaction, type TDb, type TOwnerPublic } from '@starloop/db';
import type { TDeps } from '../../context.ts';
import { auditByOwner } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';

/**
 * The service of an owner removing one of its own records by id (revoking an API key, deleting a
 * webhook endpoint or a placement). `remove` is scoped to the owner, so another owner's id is "not
 * found", exactly like a missing one; a removal is logged with the record's id under `logId`
 * and, for a credential (`audit`), written to the audit trail in the same transaction.
 */
export function ownedRecordRemoval(spec: {
  remove: (db: TDb, ownerId: number, id: number, now: Date) => Promise<boolean>;
  notFound: string;
  removed: string;
  logId: string;
  logMessage: string;
  audit?: { action: TAuditAction; targetTable: TAuditTargetTable };
}) {
  return async (
    deps: Pick<TDeps, 'db' | 'log' | 'now'>,
    owner: TOwnerPublic,
    id: number,
    client: { ip: string | null },
  ): Promise<TMessageResult> => {
    await inTransaction(deps.db, async (trx) => {
      if (!(await spec.remove(trx, owner.id, id, deps.now()))) throw notFound(spec.notFound);
      if (spec.audit)
        await auditByOwner(trx, { id: owner.id, ip: client.ip }, { ...spec.audit, targetId: id });
    });
    deps.log.info({ ownerId: owner.id, [spec.logId]: id }, spec.logMessage);
    return { success: true, message: spec.removed };
  };
}
