import { DELETED_OWNER_RETENTION_DAYS } from '@starloop/contract';
import {
  deleteDataRequestCodesBefore,
  deleteExpiredAccountExports,
  deleteExpiredSessions,
  deleteIdempotencyKeysBefore,
  deletePurgedOwner,
  deletePurgedOwnerReviews,
  deleteReplyRecipientsBefore,
  deleteSentEmailsBefore,
  deleteSpentOneTimeTokens,
  deleteWebhookDeliveriesBefore,
  deleteWebhookEventsBefore,
  inTransaction,
  listOwnersDueForPurge,
  purgeChannelRecordsBefore,
} from '@starloop/db';
import type { TDeps } from '../context.ts';
import {
  purgeExpiredCustomerData,
  runAccountClosures,
} from '../domains/owner/account/account-closure.service.ts';
import { autoCompleteDueDataRequests } from '../domains/owner/data-requests/data-requests.service.ts';
import { REPLY_PER_ADDRESS_SECONDS } from '../domains/replies/reply.worker.ts';
import { QUEUES } from './queue.ts';

export type TMaintenanceDeps = Pick<TDeps, 'db' | 'log' | 'now' | 'jobs'>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long things are kept (issue 15, item 9; docs/decisions.md, "Security"). */
export const RETENTION_DAYS = {
  /** Sent mails and their attachments; their links were redacted at sending already. */
  sentMail: 30,
  /** Processed Razorpay webhook ids (replay protection). */
  webhookEvents: 90,
  /** WhatsApp/SMS webhook ids and per-message send records (docs/decisions.md, "Review requests"). */
  channelRecords: 90,
  /** Answers kept for API Idempotency-Keys: a client retries within minutes, at most a day. */
  idempotencyKeys: 2,
  /** The owners' outbound webhook delivery log. */
  webhookDeliveries: 30,
  /** Soft-deleted owners: the spec's 30-day data export window. */
  deletedOwners: DELETED_OWNER_RETENTION_DAYS,
  /**
   * Never purged here: the audit trail (audit_log) and the security records it holds (sign-ins,
   * password and key changes, admin changes) are kept at least a year (issue 35, item 4); today
   * nothing deletes them. Closed accounts: ACCOUNT_CLOSURE_DAYS (runAccountClosures). Customer
   * contacts and feedback text: each account's own retention (purgeExpiredCustomerData).
   */
} as const;

/** The daily run: soft-deleted owners, closed accounts (emails, then erasure), per-account retention. */
export async function runDailyPurges(deps: TDeps): Promise<void> {
  await purgeDeletedOwners(deps);
  await runAccountClosures(deps);
  await purgeExpiredCustomerData(deps);
}

/** Hourly housekeeping. pg-boss schedules run once per tick across every instance. */
export const MAINTENANCE_CRON = '17 * * * *';
/** Daily, at a quiet hour (08:11 IST). */
export const OWNER_PURGE_CRON = '41 2 * * *';

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

export function registerMaintenanceJobs(deps: TDeps): void {
  deps.jobs.register(QUEUES.maintenance, () => runMaintenance(deps), { schedule: MAINTENANCE_CRON });
  deps.jobs.register(QUEUES.ownerPurge, () => runDailyPurges(deps), {
    schedule: OWNER_PURGE_CRON,
    // A large owner takes a while; its reviews go in batches, each its own transaction.
    queue: { expireInSeconds: 3600, retryLimit: 2, retryDelay: 600 },
  });
}

/**
 * Deletes what has served its purpose: expired sessions, spent or expired one-time links, webhook
 * ids older than 90 days, sent mails (with attachments) older than 30 days, per-address reply
 * limits older than a day, account data exports (with their files) past their 7 days and "my data"
 * codes expired a day ago; and completes customers' data requests past their due date.
 */
export async function runMaintenance(deps: TMaintenanceDeps): Promise<{
  sessions: number;
  oneTimeTokens: number;
  webhookEvents: number;
  sentMails: number;
  replyRecipients: number;
  channelRecords: number;
  idempotencyKeys: number;
  webhookDeliveries: number;
  accountExports: number;
  dataRequestCodes: number;
  dataRequestsCompleted: number;
}> {
  const now = deps.now();
  const removed = {
    sessions: await deleteExpiredSessions(deps.db, now),
    oneTimeTokens: await deleteSpentOneTimeTokens(deps.db, now),
    webhookEvents: await deleteWebhookEventsBefore(deps.db, daysBefore(now, RETENTION_DAYS.webhookEvents)),
    sentMails: await deleteSentEmailsBefore(deps.db, daysBefore(now, RETENTION_DAYS.sentMail)),
    replyRecipients: await deleteReplyRecipientsBefore(
      deps.db,
      new Date(now.getTime() - REPLY_PER_ADDRESS_SECONDS * 1000),
    ),
    channelRecords: await purgeChannelRecordsBefore(deps.db, daysBefore(now, RETENTION_DAYS.channelRecords)),
    idempotencyKeys: await deleteIdempotencyKeysBefore(
      deps.db,
      daysBefore(now, RETENTION_DAYS.idempotencyKeys),
    ),
    webhookDeliveries: await deleteWebhookDeliveriesBefore(
      deps.db,
      daysBefore(now, RETENTION_DAYS.webhookDeliveries),
    ),
    // Account data exports and their files, 7 days after they were ready (or failed).
    accountExports: await deleteExpiredAccountExports(deps.db, now),
    // The "my data" page's codes live 10 minutes; a day on, nobody needs them.
    dataRequestCodes: await deleteDataRequestCodesBefore(deps.db, daysBefore(now, 1)),
    // Customers' requests past their due date are completed by StarLoop (issue 35).
    dataRequestsCompleted: await autoCompleteDueDataRequests(deps),
  };
  if (Object.values(removed).some((n) => n > 0)) deps.log.info(removed, 'maintenance: old rows deleted');
  return removed;
}

/**
 * Really deletes owners soft-deleted more than 30 days ago, with their data: reviews in batches of
 * `reviewBatch` (short transactions), then the rest and the owner in one (deletePurgedOwner). Their
 * payments stay, detached, as money records. An owner that cannot be purged (say a new table that
 * points at owners without a cascade) is logged and skipped; the others still go.
 */
export async function purgeDeletedOwners(
  deps: TMaintenanceDeps,
  options: { limit?: number; reviewBatch?: number } = {},
): Promise<{ purged: number; failed: number }> {
  const before = daysBefore(deps.now(), RETENTION_DAYS.deletedOwners);
  const reviewBatch = options.reviewBatch ?? 2000;
  const due = await listOwnersDueForPurge(deps.db, before, options.limit ?? 100);
  let purged = 0;
  let failed = 0;
  for (const ownerId of due) {
    try {
      let deleted: number;
      do deleted = await deletePurgedOwnerReviews(deps.db, ownerId, before, reviewBatch);
      while (deleted === reviewBatch);
      if (await inTransaction(deps.db, (trx) => deletePurgedOwner(trx, ownerId, before))) purged += 1;
    } catch (error) {
      failed += 1;
      deps.log.error({ err: error, ownerId }, 'owner purge failed; will try again on the next run');
    }
  }
  if (purged || failed) deps.log.info({ purged, failed }, 'soft-deleted owners purged');
  return { purged, failed };
}
