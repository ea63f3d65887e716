import type { TAdminUserGoogle } from '@starloop/contract';
import { findGoogleConnection, getGoogleReviewStats } from '@starloop/db';
import type { TDeps } from '../../../context.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** What admins see of an owner's Google connection; null when the owner never connected. */
export async function getUserGoogle(deps: TDeps, ownerId: number): Promise<TAdminUserGoogle | null> {
  const connection = await findGoogleConnection(deps.db, ownerId);
  if (!connection) return null;
  return {
    status: connection.status,
    locationTitle: connection.locationTitle,
    connectedAt: iso(connection.connectedAt),
    lastSyncedAt: iso(connection.lastSyncedAt),
    lastError: connection.lastError,
    lastErrorAt: iso(connection.lastErrorAt),
    revokedAt: iso(connection.revokedAt),
    reviewCount: (await getGoogleReviewStats(deps.db, ownerId)).reviewCount,
  };
}
