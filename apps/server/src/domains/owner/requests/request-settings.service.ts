import { REQUEST_CHANNELS, type TRequestSettings, type TRequestSettingsUpdate } from '@starloop/contract';
import { getRequestSettings as getSettingsRow, saveRequestSettings, type TOwnerPublic } from '@starloop/db';
import type { TDeps } from '../../../context.ts';
import type { TChannelName } from './channels/channel.types.ts';
import { channelContext } from './channels/channel-registry.service.ts';

/**
 * The owner's request settings: the interval between two asks of one customer and the order of the
 * channels, and the channels this server can send through for the owner.
 */

/** The owner's settings and channels (read outside any transaction). */
export async function ownerChannels(deps: TDeps, ownerId: number) {
  const settings = await getSettingsRow(deps.db, ownerId);
  return { settings, context: await channelContext(deps, ownerId, settings.channelOrder) };
}

/** Channels this server sends through for this owner now (configured ones). */
async function availableChannels(deps: TDeps, ownerId: number): Promise<TChannelName[]> {
  const everyChannel = await channelContext(deps, ownerId, REQUEST_CHANNELS);
  const probe = { name: null, phoneE164: '+919876543210', email: 'customer@example.com' };
  return everyChannel.order
    .filter(({ channel, settings }) => channel.available(settings, probe))
    .map((c) => c.channel.name);
}

export async function getRequestSettings(deps: TDeps, owner: TOwnerPublic): Promise<TRequestSettings> {
  const settings = await getSettingsRow(deps.db, owner.id);
  return { ...settings, availableChannels: await availableChannels(deps, owner.id) };
}

export async function updateRequestSettings(
  deps: TDeps,
  owner: TOwnerPublic,
  input: TRequestSettingsUpdate,
): Promise<TRequestSettings> {
  const current = await getSettingsRow(deps.db, owner.id);
  await saveRequestSettings(deps.db, owner.id, {
    intervalDays: input.intervalDays ?? current.intervalDays,
    channelOrder: input.channelOrder ?? current.channelOrder,
  });
  return getRequestSettings(deps, owner);
}
