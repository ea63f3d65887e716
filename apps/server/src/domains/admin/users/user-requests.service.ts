import { ADMIN_TEXTS, istMonth, type TAdminRequestUsage } from '@starloop/contract';
import { findOwnerById, listOwnerRequestUsage } from '@starloop/db';
import type { TDeps } from '../../../context.ts';
import { foundOr404 } from '../../../lib/errors.ts';
import { requestLimit } from '../../owner/requests/request-usage.service.ts';

/** The last `count` IST months ('YYYY-MM'), oldest first, ending with `now`'s. */
export function lastIstMonths(now: Date, count: number): string[] {
  const [year, month] = istMonth(now).split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const at = new Date(Date.UTC(year, month - 1 - (count - 1 - i), 1));
    return at.toISOString().slice(0, 7);
  });
}

/** admin.users.requests: an owner's monthly review requests (the usage the plan quota counts). */
export async function getUserRequestUsage(
  deps: Pick<TDeps, 'db' | 'now'>,
  ownerId: number,
): Promise<TAdminRequestUsage> {
  const owner = foundOr404(await findOwnerById(deps.db, ownerId), ADMIN_TEXTS.userNotFound);
  return {
    months: await listOwnerRequestUsage(deps.db, owner.id, lastIstMonths(deps.now(), 12)),
    limit: requestLimit(owner),
  };
}
