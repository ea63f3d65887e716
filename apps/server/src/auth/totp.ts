import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { RECOVERY_CODES } from '@starloop/contract';
import { generateSecret, generateURI, verify } from 'otplib';

/*
 * Two-factor sign-in for admins (RFC 6238 TOTP through otplib: 6 digits, 30-second steps, SHA-1,
 * what every authenticator app speaks) and its recovery codes.
 */

const ISSUER = 'StarLoop';
/** One step either side of now: a phone clock a little off, or a code typed as it changes. */
const TOLERANCE_SECONDS = 30;

export const newTotpSecret = (): string => generateSecret();

/** The otpauth:// URI an authenticator app reads from the QR code. */
export const totpUri = (secret: string, email: string): string =>
  generateURI({ issuer: ISSUER, label: email, secret });

/**
 * The time step of a valid code at `now`, or undefined. Codes of a step at or before
 * `afterTimeStep` (the last one accepted) are refused: a code works once.
 */
export async function checkTotp(
  secret: string,
  code: string,
  now: Date,
  afterTimeStep?: number | null,
): Promise<number | undefined> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterTimeStep != null ? { afterTimeStep } : {}),
  }).catch(() => ({ valid: false as const }));
  // The functional verify answers for TOTP and HOTP alike; a TOTP result carries its time step.
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

// ---------------------------------------------------------------------------- sealed secrets

/**
 * TOTP secrets are stored sealed (AES-256-GCM, key derived from TOKEN_SECRET): a copy of the
 * database alone does not give anyone an admin's codes. Rotating TOKEN_SECRET means every admin
 * enrols again (admin:reset-2fa), which the decision notes say.
 */
function sealingKey(serverSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'starloop', 'admin-totp-secret', 32));
}

export function sealSecret(serverSecret: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(serverSecret), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), sealed]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The secret, or undefined when it was sealed under another key or tampered with. */
export function openSecret(serverSecret: string, sealed: string): string | undefined {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !data) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(serverSecret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------- recovery codes

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** XXXX-XXXX-XXXX-XXXX: 16 base32 letters from 10 random bytes (80 bits). */
function recoveryCode(): string {
  const bytes = randomBytes(10);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out.match(/.{4}/g)!.join('-');
}

export const newRecoveryCodes = (): string[] =>
  Array.from({ length: RECOVERY_CODES.count }, () => recoveryCode());

/**
 * Stored as sha256: 80 random bits need no slow hash to stay out of reach, and checking one costs
 * a lookup instead of ten argon2 runs.
 */
export const hashRecoveryCode = (code: string): string =>
  createHash('sha256').update(`starloop-recovery:${code.trim().toUpperCase()}`).digest('hex');
