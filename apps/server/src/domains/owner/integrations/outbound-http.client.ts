import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

/**
 * POSTs to an owner's webhook URL without letting it reach inside the platform (SSRF): every
 * address the name resolves to must be public, checked in the connection's own DNS lookup (so a
 * name cannot resolve to a public address for the check and a private one for the connection),
 * and IP literals are checked before connecting. Redirects are not followed. OUTBOUND_WEBHOOKS_
 * ALLOW_LOCAL=on (development and tests only, refused in production) lifts the address rule.
 */

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address is private, local, reserved or otherwise not a public host. */
export function addressRefused(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)?.[1];
  if (mapped) return blocked.check(mapped, 'ipv4');
  const family = isIP(bare);
  if (family === 0) return true;
  return blocked.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

/** A host that is refused before any lookup: an IP literal of a private range, or a local name. */
export function literalAddressRefused(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.local') ||
    host.endsWith('.internal')
  ) {
    return true;
  }
  return isIP(host) !== 0 && addressRefused(host);
}

type TLookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

function publicOnlyLookup(hostname: string, options: { all?: boolean }, callback: TLookupCallback): void {
  dnsLookup(hostname, { all: true }, (error, addresses) => {
    if (error) return callback(error, '');
    const list = addresses as LookupAddress[];
    if (list.length === 0 || list.some((entry) => addressRefused(entry.address))) {
      const refused: NodeJS.ErrnoException = new Error(`${hostname} resolves to a private address`);
      refused.code = 'EPRIVATEADDRESS';
      return callback(refused, '');
    }
    if (options.all) return callback(null, list);
    return callback(null, list[0]!.address, list[0]!.family);
  });
}

export interface TOutboundResult {
  status: number | null;
  error: string | null;
}

const MAX_ANSWER = 1024;

export function postOutbound(
  target: string,
  body: string,
  headers: Record<string, string>,
  options: { allowLocal: boolean; timeoutMs: number },
): Promise<TOutboundResult> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return Promise.resolve({ status: null, error: 'invalid URL' });
  }
  const secure = url.protocol === 'https:';
  if (!secure && !(options.allowLocal && url.protocol === 'http:')) {
    return Promise.resolve({ status: null, error: 'only https:// URLs are called' });
  }
  if (!options.allowLocal && literalAddressRefused(url.hostname)) {
    return Promise.resolve({ status: null, error: 'the URL points to a private or local address' });
  }
  return new Promise((resolve) => {
    // The first answer wins (a promise settles once); later ones only clear the timer again.
    const done = (result: TOutboundResult) => {
      clearTimeout(timer);
      resolve(result);
    };
    const request = (secure ? https : http).request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        ...(options.allowLocal ? {} : { lookup: publicOnlyLookup as never }),
        // A fresh connection per delivery: nothing pooled is reused across owners.
        agent: false,
      },
      (response) => {
        let received = 0;
        let snippet = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          received += chunk.length;
          if (snippet.length < MAX_ANSWER) snippet += chunk.slice(0, MAX_ANSWER - snippet.length);
          // A receiver that streams a huge answer is not read to the end.
          if (received > 64 * 1024) response.destroy();
        });
        const finish = () => {
          const status = response.statusCode ?? null;
          const ok = status !== null && status >= 200 && status < 300;
          done({
            status,
            error: ok ? null : `HTTP ${status}${snippet ? `: ${snippet.trim().slice(0, 200)}` : ''}`,
          });
        };
        response.on('end', finish);
        response.on('close', finish);
        response.on('error', finish);
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      done({ status: null, error: `no answer within ${options.timeoutMs} ms` });
    }, options.timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => {
      done({
        status: null,
        error:
          error.code === 'EPRIVATEADDRESS'
            ? error.message
            : `connection failed (${error.code ?? error.message})`,
      });
    });
    request.end(body);
  });
}
