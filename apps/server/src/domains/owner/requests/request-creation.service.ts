import { randomInt } from 'node:crypto';
import {
  istMonth,
  REQUEST_TEXTS,
  REQUEST_TOKEN_LENGTH,
  type TRequestCategory,
  type TRequestSent,
  type TSendRequest,
} from '@starloop/contract';
import {
  addRequestUsage,
  ensureRequestsPlacement,
  findContact,
  insertReviewRequests,
  lockOwnerForRequests,
  markRequestsSending,
  setContactsLastRequested,
  type TContact,
  type TDb,
  type TOwnerPublic,
  type TReviewRequest,
} from '@starloop/db';
import type { TDeps } from '../../../context.ts';
import { AppError, foundOr404, notFound } from '../../../lib/errors.ts';
import { newPlacementKey } from '../placements/placements.service.ts';
import { reachableChannels, type TChannelContext } from './channels/channel-registry.service.ts';
import { channelContact } from './contact-fields.rules.ts';
import { saveContact } from './contacts.service.ts';
import { dispatchRequests } from './request-dispatch.service.ts';
import { ownerChannels } from './request-settings.service.ts';
import { assertQuota } from './request-usage.service.ts';
import { sendTimeFor } from './send-window.rules.ts';

/**
 * Creating review requests: one request now (owner.requests.send, the API's review requests), and
 * the requests a campaign records. Rules (docs/decisions.md, "Review requests"): consent first; an
 * opt-out is final for that business; one ask per customer per interval (90 days by default, at
 * least 30); the plan's monthly quota (request-usage.service.ts); each request its own short link.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 10 base62 characters from crypto's uniform randomInt (~59 bits): a link nobody can guess. */
export function newRequestToken(): string {
  let token = '';
  for (let i = 0; i < REQUEST_TOKEN_LENGTH; i += 1) token += BASE62[randomInt(BASE62.length)];
  return token;
}

export type TSkipReason = 'optedOut' | 'noConsent' | 'tooSoon' | 'noChannel';

/** Why a contact cannot be asked now (undefined: it can). */
export function skipReasonOf(
  contact: TContact,
  context: TChannelContext,
  intervalDays: number,
  now: Date,
): TSkipReason | undefined {
  if (contact.optedOutAt) return 'optedOut';
  if (!contact.consent) return 'noConsent';
  if (contact.lastRequestedAt && now.getTime() - contact.lastRequestedAt.getTime() < intervalDays * DAY_MS) {
    return 'tooSoon';
  }
  if (reachableChannels(context, channelContact(contact)).length === 0) return 'noChannel';
  return undefined;
}

export function skipMessage(reason: TSkipReason, intervalDays: number): string {
  switch (reason) {
    case 'optedOut':
      return REQUEST_TEXTS.optedOut;
    case 'noConsent':
      return REQUEST_TEXTS.noConsent;
    case 'tooSoon':
      return REQUEST_TEXTS.tooSoon(intervalDays);
    case 'noChannel':
      return REQUEST_TEXTS.noChannel;
  }
}

/**
 * Records requests for contacts already found eligible (inside the owner's locked transaction):
 * their tokens, the usage of the month they go in, the contacts' last-asked time, and the owner's
 * "Requests" placement on first use.
 */
export async function createRequests(
  trx: TDb,
  owner: TOwnerPublic,
  contacts: TContact[],
  options: { campaignId: number | null; category: TRequestCategory; sendAt: Date; now: Date },
): Promise<TReviewRequest[]> {
  await ensureRequestsPlacement(trx, owner.id, newPlacementKey());
  const requests = await insertReviewRequests(
    trx,
    contacts.map((contact) => ({
      ownerId: owner.id,
      contactId: contact.id,
      campaignId: options.campaignId,
      token: newRequestToken(),
      category: options.category,
      sendAt: options.sendAt,
      createdAt: options.now,
    })),
  );
  await setContactsLastRequested(
    trx,
    contacts.map((c) => c.id),
    options.now,
  );
  await addRequestUsage(trx, owner.id, istMonth(options.sendAt), requests.length);
  return requests;
}

/**
 * owner.requests.send: one request now, typically from the counter after a bill. The customer is
 * one of the owner's contacts or is typed in (added, or merged with the one they already are).
 * A service message: it goes at once, whatever the hour.
 */
export async function sendRequest(
  deps: TDeps,
  owner: TOwnerPublic,
  input: TSendRequest,
): Promise<TRequestSent> {
  const now = deps.now();
  const { settings, context } = await ownerChannels(deps, owner.id);
  const { request, contactId } = await deps.db.transaction().execute(async (trx) => {
    await lockOwnerForRequests(trx, owner.id);
    let contact: TContact | undefined;
    if (input.contactId !== undefined) {
      contact = foundOr404(await findContact(trx, owner.id, input.contactId), REQUEST_TEXTS.contactNotFound);
    } else if (input.contact) {
      contact = (await saveContact(trx, owner, input.contact, now)).contact;
    }
    if (!contact) throw notFound(REQUEST_TEXTS.contactNotFound);
    const reason = skipReasonOf(contact, context, settings.intervalDays, now);
    if (reason) throw new AppError('FORBIDDEN', skipMessage(reason, settings.intervalDays), 'contactId');
    await assertQuota(trx, owner, istMonth(now), 1);
    const [created] = await createRequests(trx, owner, [contact], {
      campaignId: null,
      category: 'service',
      sendAt: sendTimeFor('service', now, deps.config.requests.promotionalHours),
      now,
    });
    const claimed = await markRequestsSending(trx, [created!.id]);
    await dispatchRequests(deps, trx, claimed, new Map([[owner.id, context]]), now);
    return { request: created!, contactId: contact.id };
  });
  deps.log.info({ ownerId: owner.id, requestId: request.id }, 'review request created');
  return {
    success: true,
    message: REQUEST_TEXTS.requestQueued,
    requestId: request.id,
    contactId,
    status: 'sending',
    sendAt: request.sendAt.toISOString(),
  };
}
