import type { TMessageResult } from '@starloop/contract';
import type { TDb, TOwnerPublic } from '@starloop/db';
import type { TDeps } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';

/**
 * The service of an owner removing one of its own records by id (revoking an API key, deleting a
 * webhook endpoint or a placement). `remove` is scoped to the owner, so another owner's id is "not
 * found", exactly like a missing one; a removal is logged with the record's id under `logId`.
 */
export function ownedRecordRemoval(spec: {
  remove: (db: TDb, ownerId: number, id: number, now: Date) => Promise<boolean>;
  notFound: string;
  removed: string;
  logId: string;
  logMessage: string;
}) {
  return async (
    deps: Pick<TDeps, 'db' | 'log' | 'now'>,
    owner: TOwnerPublic,
    id: number,
  ): Promise<TMessageResult> => {
    if (!(await spec.remove(deps.db, owner.id, id, deps.now()))) throw notFound(spec.notFound);
    deps.log.info({ ownerId: owner.id, [spec.logId]: id }, spec.logMessage);
    return { success: true, message: spec.removed };
  };
}
