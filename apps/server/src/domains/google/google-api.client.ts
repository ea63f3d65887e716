import type { TGoogleConfig } from '@starloop/config';

/*
 * Google Business Profile over plain fetch (no SDK): the OAuth endpoints, Account Management
 * (accounts.list), Business Information (accounts.locations.list), the v4 reviews API (list, get,
 * updateReply) and Notifications (notificationSetting). GOOGLE_API_BASE / GOOGLE_OAUTH_BASE replace
 * every host (tests and the e2e run point them at the fake Google); paths stay Google's own.
 */

const HOSTS = {
  authorize: 'https://accounts.google.com',
  oauth: 'https://oauth2.googleapis.com',
  certs: 'https://www.googleapis.com',
  accounts: 'https://mybusinessaccountmanagement.googleapis.com',
  businessInfo: 'https://mybusinessbusinessinformation.googleapis.com',
  reviews: 'https://mybusiness.googleapis.com',
  notifications: 'https://mybusinessnotifications.googleapis.com',
} as const;

export function googleUrls(config: Pick<TGoogleConfig, 'apiBase' | 'oauthBase'>) {
  const api = (host: string) => config.apiBase ?? host;
  const oauth = (host: string) => config.oauthBase ?? host;
  return {
    authorize: `${oauth(HOSTS.authorize)}/o/oauth2/v2/auth`,
    token: `${oauth(HOSTS.oauth)}/token`,
    revoke: `${oauth(HOSTS.oauth)}/revoke`,
    /** Google's signing keys of OIDC tokens (Pub/Sub push). */
    certs: `${oauth(HOSTS.certs)}/oauth2/v3/certs`,
    accounts: `${api(HOSTS.accounts)}/v1/accounts`,
    locations: (account: string) => `${api(HOSTS.businessInfo)}/v1/${account}/locations`,
    reviews: (parent: string) => `${api(HOSTS.reviews)}/v4/${parent}/reviews`,
    review: (name: string) => `${api(HOSTS.reviews)}/v4/${name}`,
    reply: (name: string) => `${api(HOSTS.reviews)}/v4/${name}/reply`,
    notificationSetting: (account: string) => `${api(HOSTS.notifications)}/v1/${account}/notificationSetting`,
  };
}

// ---------------------------------------------------------------------------- Google's shapes

export const STAR_RATINGS: Record<string, number> = { ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5 };

export interface TGoogleApiReview {
  name: string;
  reviewId?: string;
  reviewer?: { displayName?: string; isAnonymous?: boolean; profilePhotoUrl?: string };
  starRating?: string;
  comment?: string;
  createTime?: string;
  updateTime?: string;
  reviewReply?: { comment?: string; updateTime?: string };
}

export interface TGoogleReviewPage {
  reviews?: TGoogleApiReview[];
  averageRating?: number;
  totalReviewCount?: number;
  nextPageToken?: string;
}

export interface TGoogleApiAccount {
  name: string;
  accountName?: string;
  type?: string;
}

export interface TGoogleApiLocation {
  name: string;
  title?: string;
  storefrontAddress?: { addressLines?: string[]; locality?: string; postalCode?: string };
  metadata?: { newReviewUri?: string; mapsUri?: string; placeId?: string };
}

export interface TGoogleTokenAnswer {
  access_token: string;
  expires_in?: number;
  refresh_token?: string;
  scope?: string;
  token_type?: string;
}

// ---------------------------------------------------------------------------- errors

/** An answer of Google other than success (after the retries of 429 and 5xx). */
export class GoogleApiError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
  ) {
    super(`Google answered ${status}: ${reason}`);
    this.name = 'GoogleApiError';
  }

  /** Quota, Google's own faults and timeouts (status 0): worth trying again later. */
  get transient(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }
}

/** The refresh token no longer works (`invalid_grant`): the owner revoked access or it expired. */
export class GoogleAccessRevokedError extends Error {
  constructor(reason: string) {
    super(`Google access revoked: ${reason}`);
    this.name = 'GoogleAccessRevokedError';
  }
}

/** A request that got no answer in time; it may or may not have reached Google. */
export class GoogleTimeoutError extends GoogleApiError {
  constructor() {
    super(0, 'no answer in time');
    this.name = 'GoogleTimeoutError';
  }
}

// ---------------------------------------------------------------------------- requests

export interface TGoogleHttp {
  timeoutMs: number;
  retryBaseMs: number;
  /** Retries of 429 and 5xx within one call (then the caller's job retries later). */
  retries?: number;
  /** Tests only: how a wait is spent. */
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/** Waits longer than this are the job's business, not the request's. */
const MAX_WAIT_MS = 60_000;

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

async function reasonOf(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as {
      error?: string | { status?: string; message?: string };
      error_description?: string;
    };
    if (typeof body.error === 'string') return body.error;
    if (body.error) return body.error.status ?? body.error.message ?? 'error';
  } catch {}
  return text.slice(0, 200) || response.statusText || 'error';
}

/**
 * One call to Google: a timeout per attempt; 429 and 5xx are tried again after a doubling wait
 * (Retry-After when Google gives one, never past a minute). `retryTimeouts: false` for writes
 * whose retry must first ask Google what happened (publishing a reply).
 */
export async function googleRequest<T>(
  http: TGoogleHttp,
  url: string,
  init: RequestInit & { accessToken?: string; retryTimeouts?: boolean } = {},
): Promise<T> {
  const { accessToken, retryTimeouts = true, ...rest } = init;
  const retries = http.retries ?? 3;
  const sleep = http.sleep ?? defaultSleep;
  const headers = new Headers(rest.headers);
  if (accessToken) headers.set('authorization', `Bearer ${accessToken}`);
  if (rest.body && typeof rest.body === 'string' && !headers.has('content-type'))
    headers.set('content-type', 'application/json');
  for (let attempt = 0; ; attempt += 1) {
    let response: Response;
    try {
      response = await fetch(url, { ...rest, headers, signal: AbortSignal.timeout(http.timeoutMs) });
    } catch {
      if (!retryTimeouts || attempt >= retries) throw new GoogleTimeoutError();
      await sleep(backoff(http.retryBaseMs, attempt));
      continue;
    }
    if (response.ok) {
      const text = await response.text();
      return (text ? JSON.parse(text) : {}) as T;
    }
    if ((response.status === 429 || response.status >= 500) && attempt < retries) {
      const wait = Math.max(
        retryAfterMs(response.headers.get('retry-after')) ?? 0,
        backoff(http.retryBaseMs, attempt),
      );
      await response.body?.cancel().catch(() => undefined);
      if (wait > MAX_WAIT_MS) throw new GoogleApiError(response.status, 'asked to wait longer than a minute');
      await sleep(wait);
      continue;
    }
    throw new GoogleApiError(response.status, await reasonOf(response));
  }
}

/** base, 2×base, 4×base … plus up to a tenth of jitter, so many owners' retries do not line up. */
export function backoff(baseMs: number, attempt: number): number {
  const wait = baseMs * 2 ** attempt;
  return Math.min(MAX_WAIT_MS, Math.round(wait + Math.random() * wait * 0.1));
}

/** A form post to the OAuth token or revoke endpoint. */
export async function oauthPost<T>(http: TGoogleHttp, url: string, form: Record<string, string>): Promise<T> {
  return googleRequest<T>(http, url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
}
