import { istMonth, planOf } from '@starloop/contract';
import { testDriverName } from '@starloop/db/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { channelMessages, channelTestServer } from '../../../../test/channel-test-server.ts';
import { startFakeWhatsApp } from '../../../../test/fake-whatsapp.ts';
import { createTestOwner } from '../../../../test/test-server.ts';
import { platformQuotaText } from '../../channels/platform-quota.service.ts';
import { reachableChannels } from './channel-registry.service.ts';
import { whatsappChannel } from './whatsapp.channel.ts';

const OPERATOR_NUMBER = '106540352242922';
const OPERATOR_TOKEN = 'EAAGoperator-request-token-for-tests-0123456789';

/**
 * Review requests by WhatsApp for a business without its own WhatsApp account (issue 33 item 5):
 * StarLoop's number sends them, in the request's page language, within the plan's monthly quota.
 */
describe(`WhatsApp requests from StarLoop's number on ${testDriverName()}`, () => {
  const t = channelTestServer(startFakeWhatsApp, (fake) => ({
    WHATSAPP_API_BASE: fake.url,
    OPERATOR_WHATSAPP_PHONE_NUMBER_ID: OPERATOR_NUMBER,
    OPERATOR_WHATSAPP_ACCESS_TOKEN: OPERATOR_TOKEN,
    OPERATOR_WHATSAPP_RENEWAL_TEMPLATE: 'plan_renewal_reminder',
    OPERATOR_WHATSAPP_REQUEST_TEMPLATE: 'review_request_platform',
  }));
  beforeEach(() => {
    t.fake.tokens.clear();
    t.fake.tokens.add(OPERATOR_TOKEN);
  });
  const message = channelMessages('platform', 'Priya');
  const used = async (ownerId: number) =>
    (
      await t.server.deps.db
        .selectFrom('platformMessageUsage')
        .select('used')
        .where('ownerId', '=', ownerId)
        .executeTakeFirst()
    )?.used ?? 0;

  it('reaches a phone-only customer from day one, in the page language, one message from the quota', async () => {
    const owner = await createTestOwner(t.server);
    const settings = await whatsappChannel.settings!(t.server.deps, owner.id);
    expect(settings).toMatchObject({ phoneNumberId: OPERATOR_NUMBER, via: 'platform' });
    const contact = { name: 'Priya', phoneE164: '+919812345678', email: null };
    expect(reachableChannels({ order: [{ channel: whatsappChannel, settings }] }, contact)).toHaveLength(1);

    const sent = message(owner.id, { language: 'hi' });
    const result = await whatsappChannel.send(t.server.deps, settings, sent);
    expect(result.status).toBe('sent');
    // A replay with the same idempotency key answers the first send: no second message, no second quota.
    const messagesBefore = t.fake.messages.length;
    expect(await whatsappChannel.send(t.server.deps, settings, sent)).toEqual(result);
    expect(t.fake.messages).toHaveLength(messagesBefore);
    expect(t.fake.messages.at(-1)).toMatchObject({
      phoneNumberId: OPERATOR_NUMBER,
      to: '919812345678',
      template: {
        name: 'review_request_platform',
        language: 'hi',
        parameters: ['Priya', expect.any(String)],
      },
    });
    expect(await used(owner.id)).toBe(1);
  });

  it('refuses past the monthly quota with how to fix it, and gives back a message that did not go', async () => {
    const owner = await createTestOwner(t.server);
    const settings = await whatsappChannel.settings!(t.server.deps, owner.id);
    const quota = planOf(owner.plan).platformMessagesPerMonth;
    const month = istMonth(t.server.deps.now());
    await t.server.deps.db
      .insertInto('platformMessageUsage')
      .values({ ownerId: owner.id, month, used: quota })
      .execute();
    const sentBefore = t.fake.messages.length;
    const refused = await whatsappChannel.send(t.server.deps, settings, message(owner.id));
    expect(refused).toEqual({ status: 'failed', error: platformQuotaText(quota, month) });
    expect(t.fake.messages).toHaveLength(sentBefore);

    await t.server.deps.db
      .updateTable('platformMessageUsage')
      .set({ used: quota - 1 })
      .where('ownerId', '=', owner.id)
      .execute();
    t.fake.failNext(131026);
    const failed = await whatsappChannel.send(t.server.deps, settings, message(owner.id));
    expect(failed.status).toBe('failed');
    expect(await used(owner.id)).toBe(quota - 1);
  });
});
