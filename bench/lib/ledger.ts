/**
 * The review submits of a load, by deviceId (each request carries its own), and their check
 * against the reviews the server stored: every acknowledged review is stored once, nothing else is.
 */

/** Every review request's deviceId, by how it ended (answered 2xx, answered otherwise, never answered). */
export interface TLedger {
  acknowledged: Set<string>;
  rejected: Set<string>;
  outstanding: Set<string>;
}

export const newLedger = (): TLedger => ({
  acknowledged: new Set(),
  rejected: new Set(),
  outstanding: new Set(),
});

/** The stored deviceIds (null for a review without one) against the ledger. */
export function compareStored(ledger: TLedger, stored: Array<string | null>) {
  const seen = new Set<string>();
  /** Stored without a deviceId, or for a rejected or unknown request. */
  let unexpected = 0;
  let duplicates = 0;
  /** Requests unanswered when the load stopped that the server stored anyway (allowed). */
  let unansweredStored = 0;
  for (const deviceId of stored) {
    if (!deviceId) {
      unexpected++;
      continue;
    }
    if (seen.has(deviceId)) {
      duplicates++;
      continue;
    }
    seen.add(deviceId);
    if (ledger.outstanding.has(deviceId)) unansweredStored++;
    else if (!ledger.acknowledged.has(deviceId)) unexpected++;
  }
  let missing = 0;
  for (const deviceId of ledger.acknowledged) if (!seen.has(deviceId)) missing++;
  return { missing, duplicates, unexpected, unansweredStored };
}
