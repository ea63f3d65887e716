import {
  istMonth,
  pageMeta,
  REQUEST_CHANNELS,
  REQUEST_TEXTS,
  type TCampaign,
  type TCampaignCreate,
  type TCampaignCreated,
  type TCampaignDetail,
  type TCampaignFigures,
  type TCampaignList,
  type TChannelFigures,
  type TMessageResult,
  type TPageQuery,
} from '@starloop/contract';
import {
  campaignFigures,
  cancelPendingRequestsOf,
  findCampaign,
  findOwnerContacts,
  insertCampaign,
  listCampaigns as listCampaignRows,
  listReachableContacts,
  lockOwnerForRequests,
  markRequestsSending,
  setCampaignStatus,
  type TCampaignSkippedCounts,
  type TContact,
  type TOwnerPublic,
  type TRequestCampaign,
  type TRequestFiguresRow,
} from '@starloop/db';
import type { TDeps } from '../../../context.ts';
import { AppError, badRequest, foundOr404 } from '../../../lib/errors.ts';
import { createRequests, skipReasonOf } from './request-creation.service.ts';
import { dispatchRequests } from './request-dispatch.service.ts';
import { ownerChannels } from './request-settings.service.ts';
import { assertQuota, giveBackUsage } from './request-usage.service.ts';
import { nextOpening } from './send-window.rules.ts';

/**
 * Campaigns: a request to each chosen customer who may be asked now, at once or at a chosen time,
 * with one optional reminder N days after the send to those who have not reviewed. Campaign
 * messages are promotional (docs/decisions.md, "Review requests"): they go only within the IST hours.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_SCHEDULE_DAYS = 90;

type TFigureSums = Omit<TRequestFiguresRow, 'key' | 'channel'>;

const ZERO: TFigureSums = {
  requests: 0,
  waiting: 0,
  cancelled: 0,
  sent: 0,
  delivered: 0,
  read: 0,
  failed: 0,
  clicked: 0,
  reviewed: 0,
  r1: 0,
  r2: 0,
  r3: 0,
  r4: 0,
  r5: 0,
  optedOut: 0,
  remindersSent: 0,
};

const add = (a: TFigureSums, b: TFigureSums): TFigureSums =>
  Object.fromEntries(
    Object.keys(ZERO).map((k) => [k, a[k as keyof TFigureSums] + b[k as keyof TFigureSums]]),
  ) as TFigureSums;

function channelFigures(sums: TFigureSums) {
  const ratingSum = sums.r1 + 2 * sums.r2 + 3 * sums.r3 + 4 * sums.r4 + 5 * sums.r5;
  const rated = sums.r1 + sums.r2 + sums.r3 + sums.r4 + sums.r5;
  return {
    sent: sums.sent,
    delivered: sums.delivered,
    read: sums.read,
    failed: sums.failed,
    clicked: sums.clicked,
    reviewed: sums.reviewed,
    ratings: { 1: sums.r1, 2: sums.r2, 3: sums.r3, 4: sums.r4, 5: sums.r5 },
    averageRating: rated === 0 ? null : ratingSum / rated,
    optedOut: sums.optedOut,
  };
}

function figuresOf(rows: TRequestFiguresRow[]): { totals: TCampaignFigures; byChannel: TChannelFigures[] } {
  const total = rows.reduce<TFigureSums>((sum, row) => add(sum, row), ZERO);
  const byChannel = REQUEST_CHANNELS.flatMap((channel) => {
    const row = rows.find((r) => r.channel === channel);
    return row ? [{ channel, ...channelFigures(row) }] : [];
  });
  return {
    totals: {
      ...channelFigures(total),
      requests: total.requests,
      waiting: total.waiting,
      cancelled: total.cancelled,
      remindersSent: total.remindersSent,
    },
    byChannel,
  };
}

function toCampaign(row: TRequestCampaign, figures: TCampaignFigures): TCampaign {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    sendAt: row.sendAt.toISOString(),
    reminderAfterDays: row.reminderAfterDays,
    selected: row.selected,
    skipped: row.skipped,
    createdAt: row.createdAt.toISOString(),
    figures,
  };
}

export async function createCampaign(
  deps: TDeps,
  owner: TOwnerPublic,
  input: TCampaignCreate,
): Promise<TCampaignCreated> {
  const now = deps.now();
  const asked = input.sendAt ? new Date(input.sendAt) : now;
  if (asked.getTime() < now.getTime() - 60_000) throw badRequest(REQUEST_TEXTS.sendAtPast, 'sendAt');
  if (asked.getTime() > now.getTime() + MAX_SCHEDULE_DAYS * DAY_MS) {
    throw badRequest(REQUEST_TEXTS.sendAtTooFar, 'sendAt');
  }
  const sendAt = nextOpening(
    asked.getTime() < now.getTime() ? now : asked,
    deps.config.requests.promotionalHours,
  );
  const { settings, context } = await ownerChannels(deps, owner.id);
  const ids = [...new Set(input.contactIds ?? [])];

  const campaign = await deps.db.transaction().execute(async (trx) => {
    await lockOwnerForRequests(trx, owner.id);
    let contacts: TContact[];
    if (input.allReachable) {
      const reachable = await listReachableContacts(trx, owner.id);
      const chosen = new Set(ids);
      contacts = ids.length > 0 ? reachable.filter((c) => chosen.has(c.id)) : reachable;
    } else {
      contacts = await findOwnerContacts(trx, owner.id, ids);
    }
    const skipped: TCampaignSkippedCounts = {
      optedOut: 0,
      noConsent: 0,
      tooSoon: 0,
      noChannel: 0,
      notFound: input.allReachable ? 0 : ids.length - contacts.length,
    };
    const eligible = contacts.filter((contact) => {
      const reason = skipReasonOf(contact, context, settings.intervalDays, now);
      if (reason) skipped[reason] += 1;
      return reason === undefined;
    });
    if (eligible.length === 0) throw badRequest(REQUEST_TEXTS.campaignNoneEligible, 'contactIds');
    await assertQuota(trx, owner, istMonth(sendAt), eligible.length);
    const row = await insertCampaign(trx, {
      ownerId: owner.id,
      name: input.name,
      sendAt,
      reminderAfterDays: input.reminderAfterDays ?? null,
      selected: input.allReachable && ids.length === 0 ? contacts.length : ids.length,
      skipped,
      createdAt: now,
    });
    const requests = await createRequests(trx, owner, eligible, {
      campaignId: row.id,
      category: 'promotional',
      sendAt,
      now,
    });
    if (sendAt.getTime() <= now.getTime()) {
      // "Now" within the hours: handed to the channels in this transaction, not at the next sweep.
      const claimed = await markRequestsSending(
        trx,
        requests.map((r) => r.id),
      );
      await dispatchRequests(deps, trx, claimed, new Map([[owner.id, context]]), now);
    }
    return row;
  });
  deps.log.info({ ownerId: owner.id, campaignId: campaign.id }, 'review request campaign created');
  const detail = await getCampaign(deps, owner, campaign.id);
  return { ...detail, message: REQUEST_TEXTS.campaignCreated };
}

export async function listCampaigns(
  deps: Pick<TDeps, 'db'>,
  owner: TOwnerPublic,
  query: Omit<TPageQuery, 'search'>,
): Promise<TCampaignList> {
  const page = await listCampaignRows(deps.db, owner.id, query);
  const rows = await campaignFigures(
    deps.db,
    page.rows.map((c) => c.id),
  );
  return {
    campaigns: page.rows.map((c) => toCampaign(c, figuresOf(rows.filter((r) => r.key === c.id)).totals)),
    meta: pageMeta(page.total, query.page, query.limit),
  };
}

export async function getCampaign(
  deps: Pick<TDeps, 'db'>,
  owner: TOwnerPublic,
  id: number,
): Promise<TCampaignDetail> {
  const row = foundOr404(await findCampaign(deps.db, owner.id, id), REQUEST_TEXTS.campaignNotFound);
  const figures = figuresOf(await campaignFigures(deps.db, [row.id]));
  return { ...toCampaign(row, figures.totals), byChannel: figures.byChannel };
}

/** Stops a campaign's requests that have not gone yet (those already handed to a channel go on). */
export async function cancelCampaign(
  deps: Pick<TDeps, 'db' | 'now' | 'log'>,
  owner: TOwnerPublic,
  id: number,
): Promise<TMessageResult> {
  await deps.db.transaction().execute(async (trx) => {
    await lockOwnerForRequests(trx, owner.id);
    const row = foundOr404(await findCampaign(trx, owner.id, id), REQUEST_TEXTS.campaignNotFound);
    if (row.status === 'sent' || row.status === 'cancelled') {
      throw new AppError('CONFLICT', REQUEST_TEXTS.campaignNotCancellable);
    }
    const cancelled = await cancelPendingRequestsOf(trx, { campaignId: id }, 'campaign-cancelled');
    await giveBackUsage(trx, cancelled);
    await setCampaignStatus(trx, id, 'cancelled', deps.now());
  });
  deps.log.info({ ownerId: owner.id, campaignId: id }, 'review request campaign cancelled');
  return { success: true, message: REQUEST_TEXTS.campaignCancelled };
}
