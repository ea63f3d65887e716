import { istMonth, planOf } from '@starloop/contract';
import { findOwnerById, giveBackPlatformMessage, takePlatformMessage } from '@starloop/db';
import type { TDeps } from '../../../context.ts';

/**
 * The branch's monthly quota of messages to customers through StarLoop's own WhatsApp number and
 * SMS sender (the plan's platformMessagesPerMonth, per IST month). Review requests take one per
 * send attempt and give it back when nothing went out; case replies take theirs in their own
 * transaction (cases/case-messages.service.ts).
 */
export const platformQuotaText = (quota: number, month: string, instead?: string) =>
  `This branch has used its ${quota} messages from StarLoop's WhatsApp and SMS senders for ${month}: ${instead ? `${instead}, ` : ''}connect your own WhatsApp or SMS account in Settings, or wait until the 1st of next month.`;

export async function takePlatformQuota(
  deps: Pick<TDeps, 'db' | 'now'>,
  ownerId: number,
): Promise<{ ok: true; month: string } | { ok: false; error: string }> {
  const owner = await findOwnerById(deps.db, ownerId);
  const quota = planOf(owner?.plan).platformMessagesPerMonth;
  const month = istMonth(deps.now());
  if (await takePlatformMessage(deps.db, { ownerId, month, quota })) return { ok: true, month };
  return { ok: false, error: platformQuotaText(quota, month) };
}

export async function giveBackPlatformQuota(deps: Pick<TDeps, 'db'>, ownerId: number, month: string) {
  await giveBackPlatformMessage(deps.db, { ownerId, month });
}
