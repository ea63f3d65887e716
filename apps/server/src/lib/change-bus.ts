import type { TDbHandle } from '@starloop/db';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';

/**
 * Tells every instance on the same database that something changed (PostgreSQL LISTEN/NOTIFY), so
 * caches in other processes are cleared within a moment instead of at their expiry. A lost
 * connection is re-established with backoff; while it is down, the caches' own expiry is the
 * safety net.
 */
export interface TChangeBus {
  publish(topic: TChangeTopic): Promise<void>;
  subscribe(topic: TChangeTopic, listener: () => void): void;
  /** Resolves once the listening connection is up (PostgreSQL), for tests and start-up. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** One PostgreSQL channel per kind of change. */
export const CHANGE_TOPICS = { ownerChanged: 'starloop_owner_changed' } as const;
export type TChangeTopic = (typeof CHANGE_TOPICS)[keyof typeof CHANGE_TOPICS];

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;

export function createChangeBus(database: TDbHandle, log: FastifyBaseLogger): TChangeBus {
  const listeners = new Map<TChangeTopic, Set<() => void>>();
  const deliver = (topic: string) => {
    for (const listener of listeners.get(topic as TChangeTopic) ?? []) listener();
  };

  if (database.driver === 'pglite') {
    // One process owns the embedded database: every change is already local.
    return {
      publish: async (topic) => deliver(topic),
      subscribe(topic, listener) {
        if (!listeners.has(topic)) listeners.set(topic, new Set());
        listeners.get(topic)!.add(listener);
      },
      ready: async () => {},
      close: async () => {},
    };
  }

  let client: pg.Client | undefined;
  let closed = false;
  let delay = RECONNECT_MIN_MS;
  let retry: NodeJS.Timeout | undefined;
  let markReady: () => void = () => {};
  let readyPromise = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({ connectionString: database.url, application_name: 'starloop-change-bus' });
    next.on('notification', (message) => deliver(message.channel));
    next.on('error', (error) => {
      log.warn({ err: error }, 'change bus connection lost; caches fall back to their expiry');
      reconnect(next);
    });
    next.on('end', () => reconnect(next));
    try {
      await next.connect();
      for (const topic of Object.values(CHANGE_TOPICS)) await next.query(`LISTEN ${topic}`);
      client = next;
      delay = RECONNECT_MIN_MS;
      // Whatever changed while we were not listening is unknown: treat it as changed.
      for (const topic of Object.values(CHANGE_TOPICS)) deliver(topic);
      markReady();
    } catch (error) {
      log.warn({ err: error }, 'change bus could not listen; retrying');
      reconnect(next);
    }
  };

  const reconnect = (failed: pg.Client) => {
    if (closed || retry || (client && client !== failed)) return;
    client = undefined;
    failed.end().catch(() => {});
    readyPromise = new Promise<void>((resolve) => {
      markReady = resolve;
    });
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, delay);
    retry.unref();
    delay = Math.min(RECONNECT_MAX_MS, delay * 2);
  };

  void connect();

  return {
    async publish(topic) {
      // Through the app's pool: a notification is sent even while this instance's listener is down.
      await sql`SELECT pg_notify(${topic}, '')`.execute(database.db);
    },
    subscribe(topic, listener) {
      if (!listeners.has(topic)) listeners.set(topic, new Set());
      listeners.get(topic)!.add(listener);
    },
    ready: () => readyPromise,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
