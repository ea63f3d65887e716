import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A customer's webhook endpoint on loopback for tests: records every POST, answers `status`. */
export interface TWebhookReceiver {
  url: string;
  received: { headers: IncomingMessage['headers']; body: string; path: string }[];
  status: number;
  /** Resolves once `count` requests have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<TWebhookReceiver> {
  const received: TWebhookReceiver['received'] = [];
  const state = { status: 200 };
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    received.push({
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
      path: req.url ?? '/',
    });
    res.writeHead(state.status, { 'content-type': 'text/plain' });
    res.end(state.status < 300 ? 'ok' : 'nope');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/starloop`,
    received,
    get status() {
      return state.status;
    },
    set status(value: number) {
      state.status = value;
    },
    async waitFor(count, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > until)
          throw new Error(`webhook receiver got ${received.length} of ${count} requests`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
