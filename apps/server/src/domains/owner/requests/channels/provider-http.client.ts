/**
 * One HTTP call to a messaging provider, with what its failure means for a retry: an answer (any
 * status), "not sent" (the request never left: refused connection, unknown host, TLS refused) or
 * "in doubt" (it may have reached the provider: a timeout or a connection cut after sending).
 */
export type TProviderResponse =
  | { kind: 'answered'; status: number; body: string; retryAfterSeconds: number | undefined }
  | { kind: 'not-sent'; error: string }
  | { kind: 'in-doubt'; error: string };

/** Errors raised before a byte of the request could reach the provider. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'SELF_SIGNED_CERT_IN_CHAIN',
]);

/** A provider's answer body is read up to this size (their JSON answers are a few hundred bytes). */
const MAX_BODY = 64 * 1024;

function errorCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  return typeof cause?.code === 'string' ? cause.code : undefined;
}

function retryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(Math.ceil(seconds), 3600);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.min(Math.max(Math.ceil((at - Date.now()) / 1000), 0), 3600);
}

export async function callProvider(
  url: string,
  init: { method: 'POST' | 'GET'; headers: Record<string, string>; body?: string; timeoutMs: number },
): Promise<TProviderResponse> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method,
      headers: init.headers,
      ...(init.body !== undefined ? { body: init.body } : {}),
      signal: AbortSignal.timeout(init.timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    const code = errorCode(error);
    if (code && NOT_SENT_CODES.has(code)) return { kind: 'not-sent', error: `connection failed (${code})` };
    const name = (error as { name?: string }).name;
    return {
      kind: 'in-doubt',
      error:
        name === 'TimeoutError'
          ? `no answer within ${init.timeoutMs} ms`
          : `connection lost (${code ?? name ?? 'unknown'})`,
    };
  }
  let body = '';
  try {
    body = (await response.text()).slice(0, MAX_BODY);
  } catch {
    // The status is the answer; a body cut off on the way does not change it.
  }
  return {
    kind: 'answered',
    status: response.status,
    body,
    retryAfterSeconds: retryAfter(response.headers.get('retry-after')),
  };
}
