import webpush from 'web-push';

/**
 * Web Push with the `web-push` library (RFC 8291 aes128gcm encryption of the payload to the
 * browser's keys, RFC 8292 VAPID signature) and an RFC 8030 POST to the push service. Answers how
 * the push service took it; the VAPID private key never leaves this call and is in no error or log
 * line (a push service's answer is cut to 200 characters).
 */

export interface TVapid {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export type TPushOutcome =
  /** The push service took it (201). */
  | { kind: 'sent'; status: number }
  /** 404/410: the subscription is gone; never push to it again. */
  | { kind: 'gone'; status: number }
  /** 429, 5xx, or no answer: may work later. */
  | { kind: 'retry'; status: number | null; error: string }
  /** Any other refusal (400, 403 after a key change, 413): trying again changes nothing. */
  | { kind: 'refused'; status: number; error: string };

export async function sendWebPush(
  vapid: TVapid,
  subscription: { endpoint: string; p256dh: string; auth: string },
  payload: string,
  options: { ttlSeconds: number; urgency: 'normal' | 'high'; timeoutMs: number },
): Promise<TPushOutcome> {
  // web-push builds the request (encryption, VAPID JWT, headers); the call itself is fetch's, so a
  // timeout aborts it and no redirect is followed. The endpoint was checked when it was saved.
  const request = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    payload,
    {
      vapidDetails: vapid,
      TTL: options.ttlSeconds,
      urgency: options.urgency,
      contentEncoding: 'aes128gcm',
    },
  );
  let response: Response;
  try {
    response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body ? new Uint8Array(request.body) : null,
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    return { kind: 'retry', status: null, error: error instanceof Error ? error.message : String(error) };
  }
  const status = response.status;
  if (status >= 200 && status < 300) {
    await response.body?.cancel();
    return { kind: 'sent', status };
  }
  const detail = `${status} ${(await response.text().catch(() => '')).slice(0, 200)}`.trim();
  if (status === 404 || status === 410) return { kind: 'gone', status };
  if (status === 429 || status >= 500) return { kind: 'retry', status, error: detail };
  return { kind: 'refused', status, error: detail };
}
