import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets the server must use again later (an owner's WhatsApp access token, SMS gateway
 * password, webhook signing secrets) are stored sealed: AES-256-GCM under a key derived from
 * TOKEN_SECRET with HKDF, one key per purpose (as auth/totp.ts does for TOTP secrets), so a copy of
 * the database alone gives nobody an owner's credentials, and a secret sealed for one purpose
 * cannot be opened as another. Rotating TOKEN_SECRET means owners enter these secrets again.
 */
export type TSealPurpose = 'owner-channel-secret' | 'webhook-signing-secret' | 'google-oauth-tokens';

function key(serverSecret: string, purpose: TSealPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'starloop', purpose, 32));
}

export function seal(serverSecret: string, purpose: TSealPurpose, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(serverSecret, purpose), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), sealed]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The secret, or undefined when it was sealed under another key or purpose, or tampered with. */
export function unseal(serverSecret: string, purpose: TSealPurpose, sealed: string): string | undefined {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !data) return undefined;
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      key(serverSecret, purpose),
      Buffer.from(iv, 'base64url'),
    );
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return undefined;
  }
}
