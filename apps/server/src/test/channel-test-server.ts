import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type {
  TChannelSettings,
  TRequestChannel,
  TRequestMessage,
} from '../domains/owner/requests/channels/channel.types.ts';
import type { TChannelEventSink } from '../domains/owner/requests/channels/channel-events.service.ts';
import { useChannelEventSink } from '../domains/owner/requests/channels/channel-sink.service.ts';
import { procedureData, recordingSink, updateChannel } from './requests-kit.ts';
import { createTestOwner, createTestServer, type TTestServer } from './test-server.ts';

/**
 * The set-up of a channel adapter's tests (WhatsApp, SMS): a fake provider and a server that
 * talks to it, a clock the tests can move, and a recording sink in place of the requests service.
 */

/** What the fakes of fake-whatsapp.ts and fake-sms-gateway.ts have in common. */
interface TFakeProvider {
  url: string;
  reset(): void;
  close(): Promise<void>;
}

export interface TChannelTestServer<TFake extends TFakeProvider> {
  readonly server: TTestServer;
  readonly fake: TFake;
  /** What the provider's webhooks reported in this test (a fresh recording per test). */
  readonly recorded: ReturnType<typeof recordingSink>;
  /** How far the server's clock runs ahead of the real one; back to 0 before each test. */
  clockOffsetMs: number;
  /** Puts `sink` in place of the recording sink for the rest of this test. */
  useSink(sink: TChannelEventSink): void;
}

/**
 * Registers the hooks of the enclosing describe block: before all, the fake (from `startFake`) and
 * a server configured by `env(fake)`; before each test, the fake reset, the clock back and a fresh
 * recording sink. Read `server`, `fake` and `recorded` inside the tests, after the hooks ran.
 */
export function channelTestServer<TFake extends TFakeProvider>(
  startFake: () => Promise<TFake>,
  env: (fake: TFake) => Record<string, string>,
): TChannelTestServer<TFake> {
  let server: TTestServer | undefined;
  let fake: TFake | undefined;
  let recorded: ReturnType<typeof recordingSink> | undefined;
  let restoreSink = () => {};
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('channelTestServer: read it inside a test, after its hooks ran');
    return value;
  };
  const suite: TChannelTestServer<TFake> = {
    get server() {
      return started(server);
    },
    get fake() {
      return started(fake);
    },
    get recorded() {
      return started(recorded);
    },
    clockOffsetMs: 0,
    useSink(sink) {
      restoreSink();
      restoreSink = useChannelEventSink(sink);
    },
  };

  beforeAll(async () => {
    fake = await startFake();
    server = await createTestServer(
      // A short send timeout: the fakes' hang modes time out quickly.
      { CHANNEL_SEND_TIMEOUT_MS: '400', ...env(fake) },
      { now: () => new Date(Date.now() + suite.clockOffsetMs) },
    );
  });
  afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });
  beforeEach(() => {
    started(fake).reset();
    suite.clockOffsetMs = 0;
    recorded = recordingSink();
    suite.useSink(recorded.sink);
  });
  afterEach(() => {
    restoreSink();
    restoreSink = () => {};
  });
  return suite;
}

/**
 * An owner of "Chai Point" with `channel` turned on through owner.channels.update (`input`: the
 * channel's own fields): the settings view it answered, and the settings as the service reads them.
 */
export async function ownerWithChannel(
  server: TTestServer,
  channel: TRequestChannel,
  input: Record<string, unknown>,
) {
  const owner = await createTestOwner(server, { businessName: 'Chai Point' });
  const view = procedureData(
    await updateChannel(server, owner.id, { channel: channel.name, enabled: true, ...input }),
  );
  const settings = await channel.settings!(server.deps, owner.id);
  expect(settings).toBeDefined();
  return { owner, view, settings: settings as TChannelSettings };
}

/**
 * A builder of the messages a channel is asked to send: to Priya (by `contactName`) on
 * +919812345678 for "Chai Point", each with its own delivery id and idempotency key (`keyPrefix`-n-…).
 */
export function channelMessages(keyPrefix: string, contactName: string) {
  let deliveries = 0;
  return (ownerId: number, overrides: Partial<TRequestMessage> = {}): TRequestMessage => {
    deliveries += 1;
    return {
      deliveryId: deliveries,
      requestId: deliveries,
      idempotencyKey: `${keyPrefix}-${deliveries}-${randomBytes(4).toString('hex')}`,
      ownerId,
      businessName: 'Chai Point',
      contact: { name: contactName, phoneE164: '+919812345678', email: null },
      link: 'https://starloop.test/r/Ab12Cd34Ef',
      language: 'en',
      ...overrides,
    };
  };
}
