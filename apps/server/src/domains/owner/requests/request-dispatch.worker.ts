import {
  claimDueReminders,
  claimDueRequests,
  dueOwnerIds,
  insertDeliveries,
  postponeReminders,
  rescheduleRequests,
  type TDb,
  type TNewDelivery,
} from '@starloop/db';
import type { TDeps } from '../../../context.ts';
import { reachableChannels, type TChannelContext } from './channels/channel-registry.service.ts';
import { channelContact } from './contact-fields.rules.ts';
import { dispatchRequests, queueDeliveries } from './request-dispatch.service.ts';
import { ownerChannels } from './request-settings.service.ts';
import { isWithinHours, nextOpening } from './send-window.rules.ts';

/**
 * What the `request-dispatch` job runs (requests.jobs.ts): due requests and reminders to their
 * channels.
 */

/** Requests handed to the channels per transaction by the dispatcher. */
const DISPATCH_BATCH = 500;

/**
 * The dispatcher (every minute, and callable at once): requests whose time came go to their
 * channels, reminders whose time came too. Promotional ones found outside the IST hours wait for
 * the next opening. Each claim is a transaction that skips rows another instance holds.
 */
export async function dispatchDueRequests(deps: TDeps): Promise<{ requests: number; reminders: number }> {
  const now = deps.now();
  const hours = deps.config.requests.promotionalHours;
  const open = isWithinHours(now, hours);
  let requests = 0;
  let reminders = 0;
  for (let round = 0; round < 20; round += 1) {
    const owners = await dueOwnerIds(deps.db, now, 50);
    if (owners.length === 0) break;
    const contexts = new Map<number, TChannelContext>();
    for (const ownerId of owners) contexts.set(ownerId, (await ownerChannels(deps, ownerId)).context);
    const handled = await deps.db.transaction().execute(async (trx) => {
      const due = await claimDueRequests(trx, now, DISPATCH_BATCH, owners);
      const waiting = open ? [] : due.filter((r) => r.category === 'promotional');
      await rescheduleRequests(
        trx,
        waiting.map((r) => r.id),
        nextOpening(now, hours),
      );
      const going = due.filter((r) => !waiting.includes(r));
      const sent = await dispatchRequests(deps, trx, going, contexts, now);
      const reminded = await dispatchReminders(deps, trx, now, owners, contexts, open, hours);
      return { claimed: due.length + reminded.claimed, sent, reminded: reminded.sent };
    });
    requests += handled.sent;
    reminders += handled.reminded;
    if (handled.claimed === 0) break;
  }
  if (requests + reminders > 0) deps.log.info({ requests, reminders }, 'review requests dispatched');
  return { requests, reminders };
}

async function dispatchReminders(
  deps: TDeps,
  trx: TDb,
  now: Date,
  owners: number[],
  contexts: Map<number, TChannelContext>,
  open: boolean,
  hours: { from: number; to: number },
): Promise<{ claimed: number; sent: number }> {
  const due = await claimDueReminders(trx, now, DISPATCH_BATCH, owners);
  if (!open) {
    // Reminders are promotional: they wait for the morning.
    await postponeReminders(
      trx,
      due.map((r) => r.id),
      nextOpening(now, hours),
    );
    return { claimed: 0, sent: 0 };
  }
  const deliveries: TNewDelivery[] = [];
  for (const request of due) {
    const contact = request.contact;
    if (!contact || contact.optedOutAt) continue;
    const context = contexts.get(request.ownerId);
    const reachable = context ? reachableChannels(context, channelContact(contact)) : [];
    // The reminder follows the request's own channel when it still can.
    const channel =
      reachable.find((r) => r.channel.name === request.channel)?.channel.name ?? reachable[0]?.channel.name;
    if (channel) deliveries.push({ requestId: request.id, channel, purpose: 'reminder' });
  }
  const inserted = await insertDeliveries(trx, deliveries);
  await queueDeliveries(deps, trx, inserted);
  return { claimed: due.length, sent: inserted.length };
}
