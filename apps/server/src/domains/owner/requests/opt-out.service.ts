import { REQUEST_TEXTS, type TMessageResult, type TOptOutSource } from '@starloop/contract';
import {
  accountSiblingOwnerIds,
  cancelPendingRequestsOf,
  findContact,
  findOwnerById,
  findOwnerContacts,
  findRequest,
  markContactsOptedOut,
  markLatestRequestsOptedOut,
  type TContact,
  type TOwnerPublic,
} from '@starloop/db';
import type { TDeps } from '../../../context.ts';
import { foundOr404 } from '../../../lib/errors.ts';
import { withdrawCaseConsent } from '../../cases/case-messages.service.ts';
import type { TChannelName } from './channels/channel.types.ts';
import { normalizeEmail, normalizePhone } from './contact-fields.rules.ts';
import { giveBackUsage } from './request-usage.service.ts';

/**
 * Opt-out (docs/decisions.md, "Review requests": final for that business): a STOP reply, the
 * unsubscribe link of a request email, or the owner marking a customer. The contacts are marked and
 * what was still to go to them is cancelled, its month's usage given back.
 */

/**
 * Marks contacts opted out and cancels what was still to go to them (one transaction). A withdrawal
 * counts for every business of the account (issue 35 item 3): the phone or email the customer
 * withdrew is marked in each of the account's branches, their case consents end too.
 */
async function optOut(
  deps: TDeps,
  who: { ids?: number[]; ownerId?: number; phoneE164?: string; email?: string },
  how: { source: TOptOutSource; channel: TChannelName | null },
): Promise<number> {
  const now = deps.now();
  const marked = await deps.db.transaction().execute(async (trx) => {
    const rows = await markContactsOptedOut(trx, who, { ...how, at: now });
    const siblings =
      who.ownerId === undefined
        ? []
        : (await accountSiblingOwnerIds(trx, [who.ownerId])).filter((id) => id !== who.ownerId);
    // The phones and emails withdrawn: those named, and those of the contacts named by id.
    const keys = new Map<string, { phoneE164?: string; email?: string }>();
    if (who.phoneE164) keys.set(`p:${who.phoneE164}`, { phoneE164: who.phoneE164 });
    if (who.email) keys.set(`e:${who.email}`, { email: who.email });
    if (who.ids?.length && who.ownerId !== undefined) {
      for (const contact of await findOwnerContacts(trx, who.ownerId, who.ids)) {
        if (contact.phoneE164) keys.set(`p:${contact.phoneE164}`, { phoneE164: contact.phoneE164 });
        if (contact.email) keys.set(`e:${contact.email}`, { email: contact.email });
      }
    }
    for (const ownerId of siblings) {
      for (const key of keys.values()) {
        rows.push(...(await markContactsOptedOut(trx, { ownerId, ...key }, { ...how, at: now })));
      }
    }
    const ids = rows.map((r) => r.id);
    const cancelled = await cancelPendingRequestsOf(trx, { contactIds: ids }, 'opted-out');
    await giveBackUsage(trx, cancelled);
    await markLatestRequestsOptedOut(trx, ids, now);
    // The same customer's consent to be contacted about their feedback ends too (issue 33).
    const targets = new Map<string, { ownerId?: number; phoneE164?: string; email?: string }>();
    const scopes: { ownerId?: number }[] =
      who.ownerId === undefined ? [{}] : [who.ownerId, ...siblings].map((ownerId) => ({ ownerId }));
    for (const scope of scopes) {
      for (const [name, key] of keys) targets.set(`${scope.ownerId ?? '*'}:${name}`, { ...scope, ...key });
    }
    for (const row of rows) {
      const ownerId = Number(row.ownerId);
      if (row.phoneE164) targets.set(`${ownerId}:p:${row.phoneE164}`, { ownerId, phoneE164: row.phoneE164 });
      if (row.email) targets.set(`${ownerId}:e:${row.email}`, { ownerId, email: row.email });
    }
    for (const target of targets.values()) {
      await withdrawCaseConsent(trx, target, { source: how.source, channel: how.channel, at: now });
    }
    return rows;
  });
  // Counts only: who opted out stays out of the log.
  if (marked.length > 0) deps.log.info({ contacts: marked.length, ...how }, 'contacts opted out');
  return marked.length;
}

/**
 * The "my data" page (issue 35): the customer withdraws consent for the phone or the email, at the
 * businesses named (each with its whole account) or, with none, at every business. Answers how
 * many contacts were newly marked.
 */
export async function withdrawConsent(
  deps: TDeps,
  who: { phoneE164?: string; email?: string },
  ownerIds?: number[],
): Promise<number> {
  if (!who.phoneE164 && !who.email) return 0;
  const how = { source: 'unsubscribe' as const, channel: null };
  if (!ownerIds) return optOut(deps, who, how);
  let marked = 0;
  for (const ownerId of ownerIds) marked += await optOut(deps, { ...who, ownerId }, how);
  return marked;
}

/**
 * A customer asked for no more requests: a STOP reply (WhatsApp, SMS), the unsubscribe link, or
 * the owner marking it. Marks every matching contact of that owner, or of every owner when
 * `ownerId` is absent (a STOP to a sender number several businesses share cannot be told apart,
 * so it counts for all of them; an owner's own number passes its ownerId). Answers how many
 * contacts were newly marked; idempotent.
 */
export async function optOutContact(
  deps: TDeps,
  who: {
    channel: TChannelName;
    phoneE164?: string;
    email?: string;
    ownerId?: number;
    source: 'stop-reply' | 'unsubscribe' | 'owner';
  },
): Promise<number> {
  const phoneE164 = who.phoneE164 ? normalizePhone(who.phoneE164) : undefined;
  const email = who.email ? normalizeEmail(who.email) : undefined;
  if (!phoneE164 && !email) return 0;
  return optOut(
    deps,
    {
      ...(who.ownerId === undefined ? {} : { ownerId: who.ownerId }),
      ...(phoneE164 ? { phoneE164 } : {}),
      ...(email ? { email } : {}),
    },
    { source: who.source, channel: who.channel },
  );
}

/** owner.requests.optOutContact: the owner marks one of its customers (by id). */
export async function optOutContactByOwner(
  deps: TDeps,
  owner: TOwnerPublic,
  id: number,
): Promise<TMessageResult> {
  const contact = foundOr404(await findContact(deps.db, owner.id, id), REQUEST_TEXTS.contactNotFound);
  if (contact.optedOutAt) return { success: true, message: REQUEST_TEXTS.optedOutAlready };
  await optOut(deps, { ids: [id], ownerId: owner.id }, { source: 'owner', channel: null });
  return { success: true, message: REQUEST_TEXTS.optedOut };
}

/** The unsubscribe link of a request email: the business's name and whether it is done already. */
export async function requestUnsubscribeState(
  deps: TDeps,
  requestId: number,
): Promise<{ business: string; unsubscribed: boolean; contact: TContact } | undefined> {
  const request = await findRequest(deps.db, requestId);
  const owner = request ? await findOwnerById(deps.db, request.ownerId) : undefined;
  const contact =
    request?.contactId != null && owner ? await findContact(deps.db, owner.id, request.contactId) : undefined;
  if (!owner || !contact) return undefined;
  return { business: owner.businessName, unsubscribed: contact.optedOutAt !== null, contact };
}

export async function unsubscribeFromRequests(deps: TDeps, contact: TContact): Promise<void> {
  await optOut(
    deps,
    { ids: [contact.id], ownerId: contact.ownerId },
    { source: 'unsubscribe', channel: 'email' },
  );
}
