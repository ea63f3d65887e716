import { randomUUID } from 'node:crypto';
import { TOKEN_TTL } from '@starloop/contract';
import { findLiveSession, insertSession, revokeSession, type TDb, type TSubjectKind } from '@starloop/db';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

export interface TTokenService {
  issue(
    kind: TSubjectKind,
    subjectId: number,
    userAgent?: string | null,
  ): Promise<{ token: string; expiresAt: Date }>;
  /** The subject id of a valid, live token of that kind; undefined for anything else. */
  verify(kind: TSubjectKind, token: string): Promise<{ subjectId: number; sessionId: string } | undefined>;
  revoke(sessionId: string): Promise<void>;
}

const ISSUER = 'starloop';
const TTL: Record<TSubjectKind, number> = { owner: TOKEN_TTL.ownerSeconds, admin: TOKEN_TTL.adminSeconds };

/**
 * Signed tokens (HS256) that name a server-side session: the signature stops tampering, the
 * session row makes logout and password changes revoke them at once.
 */
export function createTokenService(
  db: TDb,
  secret: string,
  now: () => Date = () => new Date(),
): TTokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async issue(kind, subjectId, userAgent) {
      const sessionId = randomUUID();
      const issuedAt = now();
      const expiresAt = new Date(issuedAt.getTime() + TTL[kind] * 1000);
      await insertSession(db, {
        id: sessionId,
        subjectKind: kind,
        subjectId,
        expiresAt,
        userAgent: userAgent ?? null,
      });
      const token = await new SignJWT({ kind })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(ISSUER)
        .setAudience(kind)
        .setSubject(String(subjectId))
        .setJti(sessionId)
        .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
      return { token, expiresAt };
    },
    async verify(kind, token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: kind,
          algorithms: ['HS256'],
          currentDate: now(),
        });
        if (payload.kind !== kind || !payload.jti || !payload.sub) return undefined;
        const session = await findLiveSession(db, payload.jti, kind, now());
        if (!session || session.subjectId !== Number(payload.sub)) return undefined;
        return { subjectId: session.subjectId, sessionId: session.id };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return undefined;
        throw error;
      }
    },
    revoke: (sessionId) => revokeSession(db, sessionId, now()),
  };
}

export function bearerToken(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}
