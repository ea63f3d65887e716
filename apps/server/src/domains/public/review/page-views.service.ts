import { istDay, PLACEMENT_KEY_PATTERN } from '@starloop/contract';
import {
  addPlacementScans,
  isDatabaseTimeout,
  isDatabaseUnavailable,
  isRetryableConflict,
  type TDb,
  type TPlacementScanCount,
} from '@starloop/db';
import type { FastifyBaseLogger } from 'fastify';
import type { TDeps, TPageViewCounter } from '../../../context.ts';

export interface TPageViewCounterOptions {
  /** How long views gather before one write (default 1 s). */
  flushMs?: number;
  /**
   * Distinct (owner, key, day) counters held at most. Past it, a view with a new key counts for
   * the owner's Default: random `?p=` values cannot grow the memory (Default counters are one per
   * owner and day, and only open pages of real owners are counted).
   */
  maxCounters?: number;
}

const shouldKeep = (error: unknown) =>
  isDatabaseUnavailable(error) || isDatabaseTimeout(error) || isRetryableConflict(error);

/**
 * Review page views ("scans") per owner, placement and IST day, with no cookie and nothing about
 * the visitor. A view only adds 1 to a counter in memory; every `flushMs` the instance writes what
 * it gathered in ONE upsert (placement keys resolved in that statement). A busy table's QR code
 * then costs one row update a second instead of a transaction per view, all serialised on the same
 * row. Up to `flushMs` of views can be lost if the process dies without stopping; stop() flushes.
 */
export function createPageViewCounter(
  deps: { db: TDb; log: FastifyBaseLogger },
  options: TPageViewCounterOptions = {},
): TPageViewCounter {
  const flushMs = options.flushMs ?? 1_000;
  const maxCounters = options.maxCounters ?? 10_000;
  let counts = new Map<string, TPlacementScanCount>();
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  function bump(ownerId: number, placementKey: string | null, day: string, scans: number): boolean {
    const id = `${ownerId}|${day}|${placementKey ?? ''}`;
    const found = counts.get(id);
    if (found) {
      found.scans += scans;
      return true;
    }
    // Default counters (one per owner and day) may pass the bound: only real owners' pages count.
    if (counts.size >= maxCounters && placementKey !== null) return false;
    counts.set(id, { ownerId, placementKey, day, scans });
    return true;
  }

  function schedule(): void {
    if (timer || counts.size === 0) return;
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, flushMs);
    // Never the reason the process stays up.
    timer.unref();
  }

  async function write(batch: TPlacementScanCount[]): Promise<void> {
    try {
      await addPlacementScans(deps.db, batch);
    } catch (error) {
      if (!shouldKeep(error)) {
        deps.log.error({ err: error, counters: batch.length }, 'review page views could not be counted');
        return;
      }
      // The database is away for a moment: the views wait for the next flush (within the bound).
      for (const c of batch) {
        if (!bump(c.ownerId, c.placementKey, c.day, c.scans)) bump(c.ownerId, null, c.day, c.scans);
      }
      deps.log.warn({ err: error, counters: batch.length }, 'review page views kept for the next flush');
      schedule();
    }
  }

  function flush(): Promise<void> {
    // One write at a time, in order: each takes what gathered before it started.
    writing = writing.then(() => {
      if (counts.size === 0) return;
      const batch = [...counts.values()];
      counts = new Map();
      return write(batch);
    });
    return writing;
  }

  return {
    add({ ownerId, placementKey, day }) {
      if (!bump(ownerId, placementKey, day, 1)) bump(ownerId, null, day, 1);
      schedule();
    },
    flush,
    async close() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      await flush();
    },
    pending: () => counts.size,
  };
}

/** A key worth looking up; anything else (absent, empty, malformed) is the Default placement. */
export function placementKeyOf(value: unknown): string | null {
  return typeof value === 'string' && PLACEMENT_KEY_PATTERN.test(value) ? value : null;
}

/**
 * Counts one view of an open review page (called on every server render of it, and by the JSON
 * review-link call when it says it is showing the page). Never throws and never waits for the
 * database: a view is only added to this instance's counters.
 */
export async function countReviewPageView(
  deps: TDeps,
  view: { ownerId: number; placementKey: string | null },
): Promise<void> {
  deps.pageViews.add({
    ownerId: view.ownerId,
    placementKey: placementKeyOf(view.placementKey),
    day: istDay(deps.now()),
  });
}
