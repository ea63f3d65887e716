/**
 * A small keep-alive HTTP/1.1 client for load generators (node:http, one agent per benchmark):
 * cheaper per request than fetch, with a hard timeout, and it never throws: a network error or a
 * timeout comes back as a result with status 0.
 */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface THttpResult {
  /** 0 when no answer came (network error or timeout). */
  status: number;
  body: Buffer;
  headers: http.IncomingHttpHeaders;
  /** 'timeout' or the network error's code/message when status is 0. */
  error?: string;
}

export interface THttpClient {
  request(
    method: string,
    path: string,
    options?: { headers?: Record<string, string>; json?: unknown },
  ): Promise<THttpResult>;
  /** Sockets open right now (in use or idle). */
  sockets(): number;
  close(): void;
}

export function createHttpClient(
  base: string,
  options: { maxSockets: number; timeoutMs: number },
): THttpClient {
  const url = new URL(base);
  const agent = new http.Agent({
    keepAlive: true,
    maxSockets: options.maxSockets,
    maxFreeSockets: options.maxSockets,
  });
  return {
    request(method, path, requestOptions = {}) {
      const body =
        requestOptions.json === undefined ? undefined : Buffer.from(JSON.stringify(requestOptions.json));
      return new Promise<THttpResult>((resolve) => {
        // The first result wins (a promise settles once); later ones only clear the timer again.
        const done = (result: THttpResult) => {
          clearTimeout(timer);
          resolve(result);
        };
        const req = http.request(
          {
            agent,
            host: url.hostname,
            port: url.port,
            method,
            path,
            headers: {
              ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}),
              ...requestOptions.headers,
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () =>
              done({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }),
            );
            res.on('error', (error) =>
              done({ status: 0, body: Buffer.alloc(0), headers: {}, error: error.message }),
            );
          },
        );
        const timer = setTimeout(() => {
          done({ status: 0, body: Buffer.alloc(0), headers: {}, error: 'timeout' });
          req.destroy();
        }, options.timeoutMs);
        req.on('error', (error: NodeJS.ErrnoException) =>
          done({ status: 0, body: Buffer.alloc(0), headers: {}, error: error.code ?? error.message }),
        );
        req.end(body);
      });
    },
    sockets() {
      let n = 0;
      for (const list of Object.values(agent.sockets)) n += list?.length ?? 0;
      for (const list of Object.values(agent.freeSockets)) n += list?.length ?? 0;
      return n;
    },
    close() {
      agent.destroy();
    },
  };
}

/** The body as text, undoing br/gzip when the server compressed it. */
export function bodyText(result: THttpResult): string {
  const encoding = result.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(result.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(result.body).toString('utf8');
  return result.body.toString('utf8');
}

export function bodyJson<T>(result: THttpResult): T | undefined {
  try {
    return JSON.parse(bodyText(result)) as T;
  } catch {
    return undefined;
  }
}
