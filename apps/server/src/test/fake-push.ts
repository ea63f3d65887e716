import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { compactVerify, decodeProtectedHeader } from 'jose';

/**
 * A browser push service on loopback (RFC 8030), for the Web Push tests: it takes
 * `POST /push/{id}` as FCM or Mozilla's autopush would, checks the VAPID Authorization header
 * (RFC 8292: `vapid t=<ES256 JWT>, k=<public key>`, the JWT's audience this server's origin) and the
 * aes128gcm body (RFC 8188 header), records each push and answers 201; `answer(id, 410)` makes a
 * subscription gone. `subscription()` plays the browser: a fresh P-256 key pair and auth secret, so
 * a test can decrypt what was pushed (RFC 8291) and read the payload. `GET /pushes` answers the
 * records as JSON (the browser journeys' process reads them from there).
 */

export interface TRecordedPush {
  id: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The VAPID check's verdict: null when it passed, else why not. */
  vapidError: string | null;
  /** The VAPID public key the request carried (k=). */
  vapidKey: string | null;
  status: number;
  at: Date;
}

export interface TFakeBrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** Decrypts an aes128gcm body pushed to this subscription: the plaintext payload. */
  decrypt(body: Buffer): string;
}

const b64u = (bytes: Buffer) => bytes.toString('base64url');

/** RFC 8291 decryption of one aes128gcm body with the browser's private key and auth secret. */
export function decryptWebPush(
  body: Buffer,
  browser: { ecdh: ReturnType<typeof createECDH>; auth: Buffer },
): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const browserPublic = browser.ecdh.getPublicKey();
  const shared = browser.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browserPublic, serverPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, browser.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('not the last record of an aes128gcm body');
  return padded.subarray(0, end).toString('utf8');
}

/** A browser's side of a subscription: keys for the endpoint given. */
export function browserSubscription(endpoint: string): TFakeBrowserSubscription {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    endpoint,
    keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) },
    decrypt: (body) => decryptWebPush(body, { ecdh, auth }),
  };
}

/** RFC 8292: the Authorization header's JWT is ES256-signed by k, for this origin, not expired. */
async function checkVapid(
  header: string | undefined,
  origin: string,
): Promise<{ error: string | null; key: string | null }> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) return { error: 'no vapid Authorization header', key: null };
  const [, jwt, key] = match as unknown as [string, string, string];
  try {
    if (decodeProtectedHeader(jwt).alg !== 'ES256') return { error: 'not ES256', key };
    const raw = Buffer.from(key, 'base64url');
    const publicKey = createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33, 65)) },
      format: 'jwk',
    });
    const { payload } = await compactVerify(jwt, publicKey);
    const claims = JSON.parse(Buffer.from(payload).toString('utf8')) as {
      aud?: string;
      exp?: number;
      sub?: string;
    };
    if (claims.aud !== origin) return { error: `audience ${claims.aud} is not ${origin}`, key };
    if (!claims.exp || claims.exp * 1000 < Date.now()) return { error: 'expired', key };
    if (!claims.sub) return { error: 'no subject', key };
    return { error: null, key };
  } catch (error) {
    return { error: `bad signature: ${error instanceof Error ? error.message : String(error)}`, key };
  }
}

export async function startFakePush() {
  const pushes: TRecordedPush[] = [];
  const answers = new Map<string, number>();
  const waiters = new Set<() => void>();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', fake.url);
      if (req.method === 'GET' && url.pathname === '/pushes') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify(
            pushes.map((p) => ({ ...p, body: p.body.toString('base64'), at: p.at.toISOString() })),
          ),
        );
        return;
      }
      const match = /^\/push\/([A-Za-z0-9_-]+)$/.exec(url.pathname);
      if (req.method !== 'POST' || !match) {
        res.writeHead(404).end();
        return;
      }
      const body = Buffer.concat(chunks);
      const vapid = await checkVapid(req.headers.authorization, fake.url);
      const badBody =
        req.headers['content-encoding'] !== 'aes128gcm' || body.length < 21 + 65 + 17 || !req.headers.ttl;
      const status = vapid.error ? 403 : badBody ? 400 : (answers.get(match[1]!) ?? 201);
      pushes.push({
        id: match[1]!,
        headers: req.headers,
        body,
        vapidError: vapid.error,
        vapidKey: vapid.key,
        status,
        at: new Date(),
      });
      res.writeHead(status, status === 201 ? { location: `${fake.url}/message/${pushes.length}` } : {});
      res.end(status === 201 ? '' : (vapid.error ?? (badBody ? 'bad body' : 'gone')));
      for (const wake of waiters) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fake = {
    url: `http://127.0.0.1:${port}`,
    pushes,
    /** A new browser subscription whose endpoint is this service. */
    subscription(id = b64u(randomBytes(12))): TFakeBrowserSubscription {
      return browserSubscription(`${fake.url}/push/${id}`);
    },
    /** From now on, pushes to this subscription id are answered `status` (410: gone). */
    answer(id: string, status: number) {
      answers.set(id, status);
    },
    pushesTo(endpoint: string): TRecordedPush[] {
      const id = endpoint.split('/').pop();
      return pushes.filter((p) => p.id === id);
    },
    /** Waits until `count` pushes reached this endpoint (or throws after `timeoutMs`). */
    async waitFor(endpoint: string, count = 1, timeoutMs = 10_000): Promise<TRecordedPush[]> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = fake.pushesTo(endpoint);
        if (found.length >= count) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`${found.length} of ${count} pushes reached ${endpoint}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, Math.min(left, 250));
          waiters.add(wake);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}

export type TFakePush = Awaited<ReturnType<typeof startFakePush>>;
