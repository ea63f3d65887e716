import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the fake providers of the tests (Razorpay, WhatsApp, the SMS gateway, Google) share: an
 * HTTP server on loopback, the request body as text, and JSON answers.
 */

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The body as JSON; the text itself when it is not JSON (undefined when empty). */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const text = await readBody(req);
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export interface TLoopbackServer {
  /** http://127.0.0.1:<port> */
  url: string;
  /** Destroys the answers left hanging, drops every connection and stops listening. */
  close(): Promise<void>;
}

/** Serves `handler` on 127.0.0.1 (any free port unless one is given). */
export async function listenOnLoopback(
  options: { port?: number; hanging?: Iterable<ServerResponse> },
  handler: (req: IncomingMessage, res: ServerResponse) => unknown,
): Promise<TLoopbackServer> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close() {
      for (const res of options.hanging ?? []) res.destroy();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * `fake` with the `keys` of `state` as live properties: a test sets `fake.mode = 'error'` and the
 * handler, which reads `state`, sees it on the next request (the fakes' switches: the failure
 * mode, the consenting user).
 */
export function withLiveState<TFake, K extends keyof TFake>(
  fake: Omit<TFake, K>,
  state: Pick<TFake, K>,
  keys: readonly K[],
): TFake {
  for (const key of keys) {
    Object.defineProperty(fake, key, {
      enumerable: true,
      get: () => state[key],
      set: (value: TFake[K]) => {
        state[key] = value;
      },
    });
  }
  return fake as TFake;
}
