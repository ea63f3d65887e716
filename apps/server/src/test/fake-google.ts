import { createHash, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { listenOnLoopback, readBody, sendJson as send, withLiveState } from './fake-http.ts';

/*
 * A fake Google on loopback for tests and the e2e run: the OAuth 2.0 endpoints (consent page that
 * approves at once, token with PKCE, refresh, revoke), Account Management accounts.list, Business
 * Information accounts.locations.list, the v4 reviews API (list paged with pageToken, get,
 * updateReply), Notifications' notificationSetting, Google's OIDC keys (JWKS) and a Pub/Sub push
 * helper that signs its OIDC token. Paths are Google's own; one base URL serves them all.
 */

export interface TFakeGoogleReview {
  name: string;
  reviewId: string;
  reviewer: { displayName: string; isAnonymous?: boolean };
  starRating: 'ONE' | 'TWO' | 'THREE' | 'FOUR' | 'FIVE';
  comment?: string;
  createTime: string;
  updateTime: string;
  reviewReply?: { comment: string; updateTime: string };
}

export interface TFakeGoogleLocation {
  name: string;
  title: string;
  newReviewUri: string;
}

export interface TFakeGoogleAccount {
  name: string;
  accountName: string;
  locations: TFakeGoogleLocation[];
}

export interface TFakeGoogleRequest {
  method: string;
  path: string;
  at: number;
  status?: number;
}

export interface TFakeGoogleFault {
  /** Matched against `METHOD /path?query`. */
  match: RegExp;
  status: number;
  times: number;
  retryAfter?: string;
}

export interface TFakeGoogle {
  url: string;
  clientId: string;
  clientSecret: string;
  /** The service account whose OIDC token the fake's pushes carry. */
  pushServiceAccount: string;
  requests: TFakeGoogleRequest[];
  /** PUTs of replies Google applied, per review name. */
  replyPuts: Map<string, number>;
  notificationSettings: Map<string, unknown>;
  /** The Google user the consent page signs in as (default `user-a`). */
  consentUser: string;
  addUser(userId: string, accounts: TFakeGoogleAccount[]): void;
  /** `accounts/a/locations/l` */
  addReview(
    parent: string,
    review: {
      id?: string;
      rating: 1 | 2 | 3 | 4 | 5;
      comment?: string;
      reviewer?: string;
      createTime?: Date;
      reply?: string;
    },
  ): TFakeGoogleReview;
  addReviews(parent: string, count: number, options?: { start?: Date }): void;
  editReview(
    name: string,
    patch: { rating?: 1 | 2 | 3 | 4 | 5; comment?: string; reply?: string | null },
  ): void;
  deleteReview(name: string): void;
  review(name: string): TFakeGoogleReview | undefined;
  /** The next matching requests answer `status` (e.g. 429 with Retry-After, 503). */
  fail(fault: TFakeGoogleFault): void;
  /** The next reply PUT is applied but never answered (the caller times out). */
  hangNextReplyPut(): void;
  /** Every refresh token of the user stops working (the owner removed access at Google). */
  revokeUserGrants(userId: string): void;
  /** Access tokens expire at once (the next API call answers 401 until refreshed). */
  expireAccessTokens(): void;
  /** True while the refresh token is live. */
  refreshTokenLive(token: string): boolean;
  /** Every refresh and access token the fake has handed out. */
  issuedTokens(): string[];
  /** A Pub/Sub push to `endpoint` with a signed OIDC token (override its audience or signer). */
  push(
    endpoint: string,
    notification: { type: string; reviewName: string; locationName: string },
    options?: { audience?: string; email?: string; token?: string },
  ): Promise<Response>;
  signPushToken(claims: { audience: string; email?: string; expiresIn?: string }): Promise<string>;
  reset(): void;
  close(): Promise<void>;
}

const STARS = ['ONE', 'TWO', 'THREE', 'FOUR', 'FIVE'] as const;
const b64url = (bytes: Buffer) => bytes.toString('base64url');

const apiError = (res: ServerResponse, status: number, statusText: string, message: string) =>
  send(res, status, { error: { code: status, message, status: statusText } });

export async function startFakeGoogle(
  options: { clientId?: string; clientSecret?: string; pushServiceAccount?: string; port?: number } = {},
): Promise<TFakeGoogle> {
  const clientId = options.clientId ?? 'fake-client-id.apps.googleusercontent.com';
  const clientSecret = options.clientSecret ?? 'fake-client-secret';
  const pushServiceAccount =
    options.pushServiceAccount ?? 'pubsub-push@starloop-test.iam.gserviceaccount.com';
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'fake-key-1', alg: 'RS256', use: 'sig' };

  const requests: TFakeGoogleRequest[] = [];
  const replyPuts = new Map<string, number>();
  const notificationSettings = new Map<string, unknown>();
  const users = new Map<string, TFakeGoogleAccount[]>();
  const reviews = new Map<string, Map<string, TFakeGoogleReview>>();
  const codes = new Map<
    string,
    { userId: string; redirectUri: string; challenge: string; scope: string; used: boolean }
  >();
  const refreshTokens = new Map<string, { userId: string; revoked: boolean }>();
  const accessTokens = new Map<string, { userId: string; expiresAt: number; refreshToken: string }>();
  const faults: TFakeGoogleFault[] = [];
  const issued: string[] = [];
  const state = { consentUser: 'user-a', hangReplyPut: false, clock: 0 };
  const hung: ServerResponse[] = [];

  const ownsParent = (userId: string, parent: string) => {
    const [, account, , location] = parent.split('/');
    return (users.get(userId) ?? []).some(
      (a) => a.name === `accounts/${account}` && a.locations.some((l) => l.name === `locations/${location}`),
    );
  };
  const nextTime = () => {
    // Strictly increasing times, so "updateTime desc" is a stable order.
    state.clock = Math.max(Date.now(), state.clock + 1);
    return new Date(state.clock).toISOString();
  };
  const findReview = (name: string) => {
    const parent = name.split('/reviews/')[0]!;
    return reviews.get(parent)?.get(name);
  };

  const server = await listenOnLoopback({ port: options.port, hanging: hung }, async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake.google');
    const path = url.pathname;
    const entry: TFakeGoogleRequest = {
      method: req.method ?? 'GET',
      path: `${path}${url.search}`,
      at: Date.now(),
    };
    requests.push(entry);
    const text = await readBody(req);
    res.on('finish', () => {
      entry.status = res.statusCode;
    });

    const fault = faults.find((f) => f.times > 0 && f.match.test(`${entry.method} ${entry.path}`));
    if (fault) {
      fault.times -= 1;
      return send(
        res,
        fault.status,
        {
          error: {
            code: fault.status,
            message: 'Injected fault',
            status: fault.status === 429 ? 'RESOURCE_EXHAUSTED' : 'UNAVAILABLE',
          },
        },
        fault.retryAfter ? { 'retry-after': fault.retryAfter } : {},
      );
    }

    // ------------------------------------------------------------------ OAuth
    if (req.method === 'GET' && path === '/o/oauth2/v2/auth') {
      const q = url.searchParams;
      const redirectUri = q.get('redirect_uri') ?? '';
      const back = new URL(redirectUri);
      const bad =
        q.get('client_id') !== clientId ||
        q.get('response_type') !== 'code' ||
        q.get('code_challenge_method') !== 'S256' ||
        !q.get('code_challenge') ||
        !(q.get('scope') ?? '').split(' ').includes('https://www.googleapis.com/auth/business.manage');
      if (bad) {
        back.searchParams.set('error', 'invalid_request');
      } else {
        const code = `4/${b64url(randomBytes(24))}`;
        codes.set(code, {
          userId: state.consentUser,
          redirectUri,
          challenge: q.get('code_challenge')!,
          scope: q.get('scope')!,
          used: false,
        });
        back.searchParams.set('code', code);
        back.searchParams.set('scope', q.get('scope')!);
      }
      if (q.get('state')) back.searchParams.set('state', q.get('state')!);
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (req.method === 'POST' && path === '/token') {
      const form = new URLSearchParams(text);
      if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
        return send(res, 401, { error: 'invalid_client', error_description: 'Unauthorized' });
      }
      const issue = (userId: string, refreshToken: string, withRefresh: boolean, scope: string) => {
        const accessToken = `ya29.${b64url(randomBytes(24))}`;
        accessTokens.set(accessToken, { userId, expiresAt: Date.now() + 3599_000, refreshToken });
        issued.push(accessToken, refreshToken);
        return send(res, 200, {
          access_token: accessToken,
          expires_in: 3599,
          token_type: 'Bearer',
          scope,
          ...(withRefresh ? { refresh_token: refreshToken } : {}),
        });
      };
      if (form.get('grant_type') === 'authorization_code') {
        const grant = codes.get(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        const challenge = b64url(createHash('sha256').update(verifier).digest());
        if (
          !grant ||
          grant.used ||
          grant.redirectUri !== form.get('redirect_uri') ||
          grant.challenge !== challenge
        ) {
          return send(res, 400, { error: 'invalid_grant', error_description: 'Bad Request' });
        }
        grant.used = true;
        const refreshToken = `1//${b64url(randomBytes(32))}`;
        refreshTokens.set(refreshToken, { userId: grant.userId, revoked: false });
        return issue(grant.userId, refreshToken, true, grant.scope);
      }
      if (form.get('grant_type') === 'refresh_token') {
        const refreshToken = form.get('refresh_token') ?? '';
        const grant = refreshTokens.get(refreshToken);
        if (!grant || grant.revoked) {
          return send(res, 400, {
            error: 'invalid_grant',
            error_description: 'Token has been expired or revoked.',
          });
        }
        return issue(grant.userId, refreshToken, false, 'https://www.googleapis.com/auth/business.manage');
      }
      return send(res, 400, { error: 'unsupported_grant_type' });
    }
    if (req.method === 'POST' && path === '/revoke') {
      const token = new URLSearchParams(text).get('token') ?? url.searchParams.get('token') ?? '';
      const refresh = refreshTokens.get(token);
      const access = accessTokens.get(token);
      if (!refresh && !access) return send(res, 400, { error: 'invalid_token' });
      const refreshToken = refresh ? token : access!.refreshToken;
      const grant = refreshTokens.get(refreshToken);
      if (grant) grant.revoked = true;
      for (const [key, value] of accessTokens)
        if (value.refreshToken === refreshToken) accessTokens.delete(key);
      return send(res, 200, {});
    }
    if (req.method === 'GET' && path === '/oauth2/v3/certs') return send(res, 200, { keys: [jwk] });
    // The e2e run's window into the fake: every reply Google shows now, by review name.
    if (req.method === 'GET' && path === '/__fake/replies') {
      const replies: Record<string, string> = {};
      for (const byName of reviews.values())
        for (const review of byName.values())
          if (review.reviewReply) replies[review.name] = review.reviewReply.comment;
      return send(res, 200, { replies, puts: Object.fromEntries(replyPuts) });
    }

    // ------------------------------------------------------------------ the APIs (bearer tokens)
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const access = bearer ? accessTokens.get(bearer) : undefined;
    if (!access || access.expiresAt <= Date.now()) {
      return apiError(res, 401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.');
    }
    const userId = access.userId;

    if (req.method === 'GET' && path === '/v1/accounts') {
      const accounts = (users.get(userId) ?? []).map((a) => ({
        name: a.name,
        accountName: a.accountName,
        type: 'PERSONAL',
      }));
      return send(res, 200, { accounts });
    }
    let match = /^\/v1\/(accounts\/[^/]+)\/locations$/.exec(path);
    if (req.method === 'GET' && match) {
      if (!url.searchParams.get('readMask'))
        return apiError(res, 400, 'INVALID_ARGUMENT', 'readMask is required');
      const account = (users.get(userId) ?? []).find((a) => a.name === match![1]);
      if (!account) return apiError(res, 403, 'PERMISSION_DENIED', 'The caller does not have permission');
      return send(res, 200, {
        locations: account.locations.map((l) => ({
          name: l.name,
          title: l.title,
          storefrontAddress: { addressLines: ['MG Road'], locality: 'Pune', postalCode: '411001' },
          metadata: { newReviewUri: l.newReviewUri, mapsUri: 'https://maps.google.com/?cid=1' },
        })),
      });
    }
    match = /^\/v1\/(accounts\/[^/]+)\/notificationSetting$/.exec(path);
    if (req.method === 'PATCH' && match) {
      if (!(users.get(userId) ?? []).some((a) => a.name === match![1])) {
        return apiError(res, 403, 'PERMISSION_DENIED', 'The caller does not have permission');
      }
      const body = JSON.parse(text || '{}');
      notificationSettings.set(match[1]!, body);
      return send(res, 200, body);
    }
    match = /^\/v4\/(accounts\/[^/]+\/locations\/[^/]+)\/reviews$/.exec(path);
    if (req.method === 'GET' && match) {
      const parent = match[1]!;
      if (!ownsParent(userId, parent))
        return apiError(res, 403, 'PERMISSION_DENIED', 'The caller does not have permission');
      const pageSize = Math.min(50, Number(url.searchParams.get('pageSize') ?? 50) || 50);
      const token = url.searchParams.get('pageToken');
      const offset = token
        ? Number(Buffer.from(token, 'base64url').toString('utf8').replace('offset:', ''))
        : 0;
      if (!Number.isInteger(offset) || offset < 0)
        return apiError(res, 400, 'INVALID_ARGUMENT', 'Invalid page token');
      const all = [...(reviews.get(parent)?.values() ?? [])].sort((a, b) =>
        b.updateTime.localeCompare(a.updateTime),
      );
      const page = all.slice(offset, offset + pageSize);
      const average = all.length
        ? all.reduce((s, r) => s + STARS.indexOf(r.starRating) + 1, 0) / all.length
        : 0;
      return send(res, 200, {
        reviews: page,
        averageRating: Math.round(average * 10) / 10,
        totalReviewCount: all.length,
        ...(offset + pageSize < all.length
          ? { nextPageToken: Buffer.from(`offset:${offset + pageSize}`).toString('base64url') }
          : {}),
      });
    }
    match = /^\/v4\/((accounts\/[^/]+\/locations\/[^/]+)\/reviews\/[^/]+)(\/reply)?$/.exec(path);
    if (match) {
      const [, name, parent, reply] = match;
      if (!ownsParent(userId, parent!))
        return apiError(res, 403, 'PERMISSION_DENIED', 'The caller does not have permission');
      const review = findReview(name!);
      if (!review) return apiError(res, 404, 'NOT_FOUND', 'Requested entity was not found.');
      if (req.method === 'GET' && !reply) return send(res, 200, review);
      if (req.method === 'PUT' && reply) {
        const comment = String(JSON.parse(text || '{}').comment ?? '');
        if (!comment.trim()) return apiError(res, 400, 'INVALID_ARGUMENT', 'comment is required');
        review.reviewReply = { comment, updateTime: nextTime() };
        review.updateTime = review.reviewReply.updateTime;
        replyPuts.set(name!, (replyPuts.get(name!) ?? 0) + 1);
        if (state.hangReplyPut) {
          state.hangReplyPut = false;
          hung.push(res);
          return; // applied, never answered
        }
        return send(res, 200, review.reviewReply);
      }
      if (req.method === 'DELETE' && reply) {
        delete review.reviewReply;
        return send(res, 200, {});
      }
    }
    return apiError(res, 404, 'NOT_FOUND', `No fake for ${req.method} ${path}`);
  });
  const url = server.url;

  const signPushToken: TFakeGoogle['signPushToken'] = async ({ audience, email, expiresIn }) =>
    new SignJWT({ email: email ?? pushServiceAccount, email_verified: true })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'JWT' })
      .setIssuer('https://accounts.google.com')
      .setAudience(audience)
      .setSubject('113344556677889900112')
      .setIssuedAt()
      .setExpirationTime(expiresIn ?? '1h')
      .sign(privateKey);

  const fake: TFakeGoogle = withLiveState<TFakeGoogle, 'consentUser'>(
    {
      url,
      clientId,
      clientSecret,
      pushServiceAccount,
      requests,
      replyPuts,
      notificationSettings,
      addUser(userId, accounts) {
        users.set(userId, accounts);
        for (const account of accounts) {
          for (const location of account.locations) {
            const parent = `${account.name}/${location.name}`;
            if (!reviews.has(parent)) reviews.set(parent, new Map());
          }
        }
      },
      addReview(parent, input) {
        const id = input.id ?? `r${b64url(randomBytes(9))}`;
        const created = input.createTime?.toISOString() ?? nextTime();
        const review: TFakeGoogleReview = {
          name: `${parent}/reviews/${id}`,
          reviewId: id,
          reviewer: { displayName: input.reviewer ?? 'Google User' },
          starRating: STARS[input.rating - 1]!,
          ...(input.comment !== undefined ? { comment: input.comment } : {}),
          createTime: created,
          updateTime: input.createTime ? created : nextTime(),
          ...(input.reply ? { reviewReply: { comment: input.reply, updateTime: created } } : {}),
        };
        if (!reviews.has(parent)) reviews.set(parent, new Map());
        reviews.get(parent)!.set(review.name, review);
        return review;
      },
      addReviews(parent, count, opts = {}) {
        const start = opts.start?.getTime() ?? Date.now() - count * 60_000;
        for (let i = 0; i < count; i += 1) {
          fake.addReview(parent, {
            id: `bulk${String(i).padStart(6, '0')}`,
            rating: ((i % 5) + 1) as 1 | 2 | 3 | 4 | 5,
            comment:
              i % 7 === 0
                ? ''
                : `Review number ${i}: ${i % 5 >= 3 ? 'lovely food and service' : 'slow service, cold food'}`,
            reviewer: `Reviewer ${i}`,
            createTime: new Date(start + i * 60_000),
            ...(i % 10 === 0 ? { reply: 'Thank you for visiting!' } : {}),
          });
        }
      },
      editReview(name, patch) {
        const review = findReview(name);
        if (!review) throw new Error(`no review ${name}`);
        if (patch.rating) review.starRating = STARS[patch.rating - 1]!;
        if (patch.comment !== undefined) review.comment = patch.comment;
        if (patch.reply === null) delete review.reviewReply;
        else if (patch.reply !== undefined)
          review.reviewReply = { comment: patch.reply, updateTime: nextTime() };
        review.updateTime = nextTime();
      },
      deleteReview(name) {
        reviews.get(name.split('/reviews/')[0]!)?.delete(name);
      },
      review: findReview,
      fail(f) {
        faults.push({ ...f });
      },
      hangNextReplyPut() {
        state.hangReplyPut = true;
      },
      revokeUserGrants(userId) {
        for (const grant of refreshTokens.values()) if (grant.userId === userId) grant.revoked = true;
        for (const [key, value] of accessTokens) if (value.userId === userId) accessTokens.delete(key);
      },
      expireAccessTokens() {
        for (const value of accessTokens.values()) value.expiresAt = 0;
      },
      refreshTokenLive(token) {
        const grant = refreshTokens.get(token);
        return Boolean(grant && !grant.revoked);
      },
      issuedTokens() {
        return [...new Set(issued)];
      },
      signPushToken,
      async push(endpoint, notification, opts = {}) {
        const token =
          opts.token ?? (await signPushToken({ audience: opts.audience ?? endpoint, email: opts.email }));
        const data = Buffer.from(
          JSON.stringify({
            type: notification.type,
            review_name: notification.reviewName,
            location_name: notification.locationName,
          }),
        ).toString('base64');
        return fetch(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({
            message: { data, messageId: String(Date.now()), publishTime: new Date().toISOString() },
            subscription: 'projects/starloop-test/subscriptions/google-reviews-push',
          }),
        });
      },
      reset() {
        requests.length = 0;
        faults.length = 0;
        replyPuts.clear();
        state.hangReplyPut = false;
      },
      close: server.close,
    },
    state,
    ['consentUser'],
  );
  return fake;
}

/** The environment that points a StarLoop server at this fake. */
export function fakeGoogleEnv(fake: TFakeGoogle, appUrl?: string): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID: fake.clientId,
    GOOGLE_CLIENT_SECRET: fake.clientSecret,
    GOOGLE_API_BASE: fake.url,
    GOOGLE_OAUTH_BASE: fake.url,
    GOOGLE_PUBSUB_SERVICE_ACCOUNT: fake.pushServiceAccount,
    ...(appUrl ? { APP_URL: appUrl } : {}),
  };
}
