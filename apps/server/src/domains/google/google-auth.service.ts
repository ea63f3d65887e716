import { GOOGLE_TEXTS } from '@starloop/contract';
import {
  claimGoogleRevokedNotice,
  findGoogleConnection,
  findOwnerById,
  markGoogleRevoked,
  type TGoogleConnection,
  updateGoogleConnection,
} from '@starloop/db';
import { seal, unseal } from '../../auth/sealed-secrets.ts';
import type { TDeps } from '../../context.ts';
import {
  GoogleAccessRevokedError,
  GoogleApiError,
  googleRequest,
  googleUrls,
  oauthPost,
  type TGoogleHttp,
  type TGoogleTokenAnswer,
} from './google-api.client.ts';

export type TGoogleDeps = Pick<TDeps, 'config' | 'db' | 'log' | 'now' | 'mailer' | 'jobs'>;

// ---------------------------------------------------------------------------- sealed tokens

/*
 * Refresh and access tokens are stored sealed (auth/sealed-secrets.ts) under GOOGLE_TOKEN_KEY, or
 * derived from TOKEN_SECRET when that is not set: a copy of the database alone reaches no one's
 * Google profile. Tokens are never logged and never answered to anyone.
 */
export const sealToken = (key: string, token: string): string => seal(key, 'google-oauth-tokens', token);

/** The token, or undefined when it was sealed under another key or tampered with. */
export const openToken = (key: string, sealed: string | null | undefined): string | undefined =>
  sealed ? unseal(key, 'google-oauth-tokens', sealed) : undefined;

// ---------------------------------------------------------------------------- access tokens

export const googleHttp = (deps: Pick<TDeps, 'config'>): TGoogleHttp => ({
  timeoutMs: deps.config.google.httpTimeoutMs,
  retryBaseMs: deps.config.google.retryBaseMs,
});

/** An access token is renewed this long before Google says it expires. */
const EXPIRY_MARGIN_MS = 60_000;

/** The sealed columns of a token answer. */
export function sealedTokens(deps: Pick<TDeps, 'config' | 'now'>, answer: TGoogleTokenAnswer) {
  const key = deps.config.google.tokenKey;
  return {
    accessTokenSealed: sealToken(key, answer.access_token),
    accessTokenExpiresAt: new Date(deps.now().getTime() + (answer.expires_in ?? 3600) * 1000),
  };
}

/** The authorization code of a consent, exchanged with its PKCE verifier. */
export async function exchangeCode(
  deps: TGoogleDeps,
  code: string,
  verifier: string,
): Promise<TGoogleTokenAnswer> {
  const { google } = deps.config;
  return oauthPost<TGoogleTokenAnswer>(googleHttp(deps), googleUrls(google).token, {
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    client_id: google.clientId!,
    client_secret: google.clientSecret!,
    redirect_uri: google.redirectUri,
  });
}

/**
 * Access is gone (`invalid_grant`): the tokens are dropped, the dashboard shows "reconnect", and
 * the owner gets one email about it (however many jobs find out at once).
 */
export async function handleGoogleRevoked(deps: TGoogleDeps, ownerId: number, reason: string): Promise<void> {
  const now = deps.now();
  if (await markGoogleRevoked(deps.db, ownerId, now, GOOGLE_TEXTS.revoked)) {
    deps.log.warn({ ownerId, reason }, 'google access revoked; owner asked to reconnect');
  }
  if (!(await claimGoogleRevokedNotice(deps.db, ownerId, now))) return;
  const owner = await findOwnerById(deps.db, ownerId);
  if (!owner?.email || owner.deletedAt) return;
  await deps.mailer.queue({
    to: owner.email,
    subject: `${owner.businessName}: reconnect your Google Business Profile`,
    text: [
      `StarLoop can no longer reach the Google Business Profile of ${owner.businessName}: the access you gave was withdrawn or has expired.`,
      '',
      'Until you reconnect, new Google reviews are not imported and replies are not published.',
      `Reconnect in your settings: ${deps.config.appUrl}/dashboard/settings`,
    ].join('\n'),
    category: 'google-reconnect',
  });
}

async function refreshAccessToken(deps: TGoogleDeps, connection: TGoogleConnection): Promise<string> {
  const { google } = deps.config;
  const refreshToken = openToken(google.tokenKey, connection.refreshTokenSealed);
  if (!refreshToken) {
    // Sealed under another key (GOOGLE_TOKEN_KEY or TOKEN_SECRET changed): only a new consent helps.
    await handleGoogleRevoked(deps, connection.ownerId, 'token key changed');
    throw new GoogleAccessRevokedError('token key changed');
  }
  let answer: TGoogleTokenAnswer;
  try {
    answer = await oauthPost<TGoogleTokenAnswer>(googleHttp(deps), googleUrls(google).token, {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: google.clientId!,
      client_secret: google.clientSecret!,
    });
  } catch (error) {
    if (error instanceof GoogleApiError && error.status === 400 && error.reason === 'invalid_grant') {
      await handleGoogleRevoked(deps, connection.ownerId, error.reason);
      throw new GoogleAccessRevokedError(error.reason);
    }
    throw error;
  }
  await updateGoogleConnection(deps.db, connection.ownerId, {
    ...sealedTokens(deps, answer),
    // Google may hand out a new refresh token; the old one then stops working.
    ...(answer.refresh_token ? { refreshTokenSealed: sealToken(google.tokenKey, answer.refresh_token) } : {}),
  });
  return answer.access_token;
}

/** Thrown when the owner has no working connection (not connected, or access revoked). */
export class GoogleNotConnectedError extends Error {
  constructor(readonly revoked: boolean) {
    super(revoked ? 'google access revoked' : 'not connected to google');
    this.name = 'GoogleNotConnectedError';
  }
}

async function accessToken(deps: TGoogleDeps, ownerId: number, forceRefresh: boolean): Promise<string> {
  const connection = await findGoogleConnection(deps.db, ownerId);
  if (!connection || connection.status === 'revoked')
    throw new GoogleNotConnectedError(connection !== undefined);
  const expiresAt = connection.accessTokenExpiresAt?.getTime() ?? 0;
  if (!forceRefresh && expiresAt - EXPIRY_MARGIN_MS > deps.now().getTime()) {
    const token = openToken(deps.config.google.tokenKey, connection.accessTokenSealed);
    if (token) return token;
  }
  return refreshAccessToken(deps, connection);
}

/**
 * A call to Google as the owner: the stored access token, renewed when it is (about to be)
 * expired; a 401 renews it once and tries again.
 */
export async function callGoogle<T>(
  deps: TGoogleDeps,
  ownerId: number,
  url: string,
  init: Parameters<typeof googleRequest>[2] = {},
): Promise<T> {
  const token = await accessToken(deps, ownerId, false);
  try {
    return await googleRequest<T>(googleHttp(deps), url, { ...init, accessToken: token });
  } catch (error) {
    if (!(error instanceof GoogleApiError) || error.status !== 401) throw error;
  }
  const fresh = await accessToken(deps, ownerId, true);
  return googleRequest<T>(googleHttp(deps), url, { ...init, accessToken: fresh });
}

/** Revokes a token at Google (disconnect); a token Google no longer knows is already revoked. */
export async function revokeGoogleToken(
  deps: Pick<TDeps, 'config' | 'log'>,
  token: string,
): Promise<boolean> {
  try {
    await oauthPost(googleHttp(deps), googleUrls(deps.config.google).revoke, { token });
    return true;
  } catch (error) {
    if (error instanceof GoogleApiError && error.status === 400) return true;
    deps.log.warn(
      { err: error instanceof Error ? error.message : String(error) },
      'google token revoke failed',
    );
    return false;
  }
}
