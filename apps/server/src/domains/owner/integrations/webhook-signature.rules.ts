import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature of every outbound webhook, in `X-StarLoop-Signature`:
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the endpoint's secret>`.
 * The time is part of what is signed, so a receiver refuses old copies (SIGNATURE_TOLERANCE_SECONDS);
 * a retry is signed afresh. Receivers verify exactly as `verifyStarLoopSignature` does.
 */
export function signStarLoopPayload(secret: string, body: string, unixSeconds: number): string {
  const digest = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${digest}`;
}

export function verifyStarLoopSignature(
  secret: string,
  header: string | undefined,
  body: string,
  nowSeconds: number,
  toleranceSeconds: number,
): boolean {
  const parts = new Map(
    (header ?? '').split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const t = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (
    !Number.isSafeInteger(t) ||
    Math.abs(nowSeconds - t) > toleranceSeconds ||
    !/^[0-9a-f]{64}$/.test(given)
  ) {
    return false;
  }
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}
