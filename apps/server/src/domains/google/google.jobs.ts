import { deleteStaleGoogleOauthStates, listActiveGoogleOwners } from '@starloop/db';
import type { TDeps } from '../../context.ts';
import { QUEUES, type TJobs } from '../../jobs/queue.ts';
import { GoogleAccessRevokedError } from './google-api.client.ts';
import { GoogleNotConnectedError, type TGoogleDeps } from './google-auth.service.ts';
import {
  GOOGLE_REPLY_RETRY_LIMIT,
  publishDueGoogleReplies,
  runGoogleReplyJob,
  type TGoogleReplyJob,
} from './google-reply.worker.ts';
import { queueGoogleSync, runGoogleSync, type TGoogleSyncJob } from './google-sync.worker.ts';

type TQueueOptions = NonNullable<Parameters<TJobs['register']>[2]>['queue'];

/** Every 30 minutes: the safety net behind push notifications (and due auto-publishes). */
export const GOOGLE_TICK_CRON = '*/30 * * * *';

/**
 * google-sync: imports and syncs, one job per owner and kind at a time ('exclusive'); quota and
 * Google's faults are retried with exponential backoff (a minute, doubling, capped at an hour).
 * google-reply: publishes, each with its own idempotency key.
 */
export const GOOGLE_SYNC_QUEUE_OPTIONS = {
  policy: 'exclusive',
  retryLimit: 6,
  retryDelay: 60,
  retryBackoff: true,
  retryDelayMax: 3600,
  expireInSeconds: 1800,
} satisfies TQueueOptions;

export const GOOGLE_REPLY_QUEUE_OPTIONS = {
  policy: 'exclusive',
  retryLimit: GOOGLE_REPLY_RETRY_LIMIT,
  retryDelay: 30,
  retryBackoff: true,
  retryDelayMax: 1800,
  expireInSeconds: 120,
} satisfies TQueueOptions;

/** The periodic tick: an incremental sync per connected owner, due replies, spent consent states. */
export async function runGoogleTick(deps: TGoogleDeps): Promise<{ queued: number; published: number }> {
  if (!deps.config.google.enabled) return { queued: 0, published: 0 };
  let queued = 0;
  for (const ownerId of await listActiveGoogleOwners(deps.db)) {
    if (await queueGoogleSync(deps, { ownerId, kind: 'incremental' })) queued += 1;
  }
  const { published } = await publishDueGoogleReplies(deps);
  await deleteStaleGoogleOauthStates(deps.db, new Date(deps.now().getTime() - 24 * 60 * 60 * 1000));
  return { queued, published };
}

/** A lost connection ends the job quietly: the owner was told, and retrying cannot help. */
const unlessRevoked = async <T>(work: () => Promise<T>): Promise<T | 'revoked'> => {
  try {
    return await work();
  } catch (error) {
    if (error instanceof GoogleAccessRevokedError || error instanceof GoogleNotConnectedError)
      return 'revoked';
    throw error;
  }
};

export function registerGoogleJobs(deps: TDeps): void {
  deps.jobs.register<TGoogleSyncJob | null>(
    QUEUES.googleSync,
    (data) => unlessRevoked<unknown>(() => (data?.ownerId ? runGoogleSync(deps, data) : runGoogleTick(deps))),
    { queue: GOOGLE_SYNC_QUEUE_OPTIONS, schedule: GOOGLE_TICK_CRON },
  );
  deps.jobs.register<TGoogleReplyJob>(QUEUES.googleReply, (data, job) => runGoogleReplyJob(deps, data, job), {
    queue: GOOGLE_REPLY_QUEUE_OPTIONS,
  });
}
