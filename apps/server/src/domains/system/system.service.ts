import { pingDatabase } from '@starloop/db';
import type { TDeps } from '../../context.ts';

/** True when the database answers a trivial query within the timeout (under 1 s: a load balancer polls it). */
export async function isDatabaseReady(deps: Pick<TDeps, 'db'>, timeoutMs = 900): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('database readiness timed out')), timeoutMs);
    });
    await Promise.race([pingDatabase(deps.db), timeout]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
