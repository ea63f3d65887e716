import type { TDeps } from '../../../../context.ts';
import type { TChannelName, TChannelSettings, TRequestChannel, TRequestMessage } from './channel.types.ts';
import { emailChannel } from './email.channel.ts';
import { smsChannel } from './sms.channel.ts';
import { whatsappChannel } from './whatsapp.channel.ts';

/**
 * The channels a request can go out on: email (the platform's mailer), WhatsApp (Cloud API) and
 * SMS (Gupshup), each an adapter of channel.types.ts. Whether an owner can use one is the adapter's
 * `available` (configured, contact reachable on it).
 */

export type { TChannelName, TRequestChannel } from './channel.types.ts';

const registry = new Map<TChannelName, TRequestChannel>(
  [emailChannel, whatsappChannel, smsChannel].map((channel) => [channel.name, channel]),
);

/** A registered channel by name; undefined when this server has none such. */
export function channelFor(name: TChannelName): TRequestChannel | undefined {
  return registry.get(name);
}

/** Adds or replaces a channel (tests use fakes). */
export function registerChannel(channel: TRequestChannel): () => void {
  const before = registry.get(channel.name);
  registry.set(channel.name, channel);
  return () => {
    if (before) registry.set(channel.name, before);
    else registry.delete(channel.name);
  };
}

/** One owner's channels in their order of preference, each with its settings. */
export interface TChannelContext {
  order: { channel: TRequestChannel; settings: TChannelSettings | undefined }[];
}

/**
 * The owner's order of preference restricted to the channels registered here, with each one's
 * settings for this owner (read outside any transaction: adapters read their own tables).
 */
export async function channelContext(
  deps: TDeps,
  ownerId: number,
  preference: readonly TChannelName[],
): Promise<TChannelContext> {
  const order: TChannelContext['order'] = [];
  for (const name of preference) {
    const channel = registry.get(name);
    if (!channel) continue;
    try {
      order.push({ channel, settings: await channel.settings?.(deps, ownerId) });
    } catch (error) {
      // A channel whose settings cannot be read now is skipped for this round, not fatal.
      deps.log.warn({ err: error, channel: name, ownerId }, 'request channel settings could not be read');
    }
  }
  return { order };
}

/**
 * The preference order logic: the channels this contact can be reached on, in the owner's order,
 * leaving out those already tried for this message.
 */
export function reachableChannels(
  context: TChannelContext,
  contact: TRequestMessage['contact'],
  tried: readonly TChannelName[] = [],
): TChannelContext['order'] {
  return context.order.filter(
    ({ channel, settings }) => !tried.includes(channel.name) && channel.available(settings, contact),
  );
}
