import { testDriverName } from '@starloop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChain, type TChain } from '../../../test/accounts-kit.ts';
import { callProcedure } from '../../../test/admin-auth-cases.ts';
import {
  bearer,
  deliveriesOf,
  mobile,
  procedureData,
  requestsOf,
  waitFor,
} from '../../../test/requests-kit.ts';
import { createTestServer, type TTestServer } from '../../../test/test-server.ts';
import type { TRequestChannel, TSendResult } from './channels/channel.types.ts';
import { registerChannel } from './channels/channel-registry.service.ts';
import { optOutContact, withdrawConsent } from './opt-out.service.ts';
import { sendDelivery } from './request-send.worker.ts';

const ist = (local: string) => new Date(`${local}+05:30`);

/**
 * Issue 35 item 3: a customer's withdrawal stops every further message at once, across every
 * business of the account, including campaign messages already queued (the send worker reads the
 * opt-out again right before it sends).
 */
describe(`consent withdrawal on ${testDriverName()}`, () => {
  let server: TTestServer;
  let chain: TChain;
  let restore: () => void;
  const clock = ist('2026-11-25T11:00:00');
  const state = {
    outage: true,
    sent: [] as string[],
    /** Runs once while the worker reads the channel's settings (a withdrawal landing mid-send). */
    duringSend: undefined as undefined | (() => Promise<void>),
  };
  const whatsapp: TRequestChannel = {
    name: 'whatsapp',
    available: (_settings, contact) => Boolean(contact.phoneE164),
    async settings() {
      const during = state.duringSend;
      state.duringSend = undefined;
      await during?.();
      return { token: 'fake' };
    },
    async send(_deps, _settings, message): Promise<TSendResult> {
      if (state.outage) return { status: 'retry', error: 'HTTP 503 from the provider' };
      state.sent.push(message.contact.phoneE164 ?? '');
      return { status: 'sent', providerMessageId: `wamid.${message.deliveryId}` };
    },
  };

  beforeAll(async () => {
    restore = registerChannel(whatsapp);
    server = await createTestServer(
      {},
      { now: () => clock, rateLimits: { requestSendPerChannel: { points: 10_000 } } },
    );
    chain = await createChain(server, { branches: 2, name: 'Dosa Chain' });
  });
  afterAll(async () => {
    restore?.();
    await server?.stop();
  });

  const as = (branchId: number) => ({ ...bearer(chain.ownerToken), 'x-business-id': String(branchId) });
  const call = async (branchId: number, path: string, input: unknown) =>
    procedureData(await callProcedure(server, { path, kind: 'mutation', input }, as(branchId)));

  /** A campaign of one customer at the second branch, its first attempt refused: queued for a retry. */
  async function queuedCampaignMessage(phone: string) {
    const [first, second] = chain.branches;
    await call(first!.id, 'owner.requests.addContact', { phone, consent: true });
    const contact = (await call(second!.id, 'owner.requests.addContact', { phone, consent: true })).contact;
    await call(second!.id, 'owner.requests.createCampaign', {
      name: `Evening ${phone}`,
      contactIds: [contact.id],
    });
    let deliveryId = 0;
    await waitFor(async () => {
      const rows = await deliveriesOf(server, second!.id);
      const row = rows.find((d) => d.status === 'queued' && d.attempts > 0 && d.error !== null);
      deliveryId = row ? Number(row.id) : 0;
      return deliveryId > 0;
    });
    return { contact, deliveryId };
  }

  it('consent withdrawal stops a queued campaign message', async () => {
    const phone = mobile(35_001);
    const { deliveryId } = await queuedCampaignMessage(phone);
    // The customer answers STOP to the first branch's number: the whole account stops.
    expect(
      await optOutContact(server.deps, {
        channel: 'whatsapp',
        phoneE164: phone,
        ownerId: chain.branches[0]!.id,
        source: 'stop-reply',
      }),
    ).toBe(2);
    state.outage = false;
    // The retry comes: nothing is sent.
    expect(await sendDelivery(server.deps, deliveryId, { retryCount: 1 })).toBe('cancelled');
    expect(state.sent).not.toContain(`+91${phone}`);
    const [request] = (await requestsOf(server, chain.branches[1]!.id)).filter(
      (r) => r.status === 'cancelled',
    );
    expect(request).toMatchObject({ cancelReason: 'opted-out' });
    state.outage = true;
  });

  it('a withdrawal that lands while the message is being sent stops it (the "my data" page)', async () => {
    const phone = mobile(35_002);
    const { deliveryId } = await queuedCampaignMessage(phone);
    state.outage = false;
    // While the worker reads the channel, the customer withdraws on the "my data" page (the
    // service its withdraw operation calls once the code is verified).
    state.duringSend = async () => {
      await withdrawConsent(server.deps, { phoneE164: `+91${phone}` });
    };
    expect(await sendDelivery(server.deps, deliveryId, { retryCount: 1 })).toBe('cancelled');
    expect(state.sent).not.toContain(`+91${phone}`);
    const row = (await deliveriesOf(server, chain.branches[1]!.id)).find((d) => Number(d.id) === deliveryId);
    expect(row).toMatchObject({ status: 'failed', error: 'The customer opted out' });
    // Both branches hold the customer as opted out: nothing more goes from either.
    const contacts = await server.deps.db
      .selectFrom('contacts')
      .select(['ownerId', 'optedOutAt'])
      .where('phoneE164', '=', `+91${phone}`)
      .execute();
    expect(contacts).toHaveLength(2);
    expect(contacts.every((c) => c.optedOutAt !== null)).toBe(true);
    state.outage = true;
  });
});
