import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  GOOGLE_SCOPE,
  GOOGLE_TEXTS,
  googleReviewLinkFor,
  type TGoogleConnectFinish,
  type TGoogleLocations,
  type TGoogleReplyRules,
  type TGoogleSelectLocation,
  type TGoogleStatus,
  type TMessageResult,
  type TOwnerReview,
} from '@starloop/contract';
import {
  beginGoogleReplyPublish,
  consumeGoogleOauthState,
  deleteGoogleConnection,
  deleteOwnerGoogleReviews,
  findGoogleConnection,
  findGoogleReviewForOwner,
  getGoogleReviewStats,
  insertGoogleOauthState,
  inTransaction,
  saveGoogleTokens,
  type TGoogleConnection,
  type TOwnerPublic,
  updateGoogleConnection,
  updateOwner,
} from '@starloop/db';
import type { TDeps } from '../../../context.ts';
import { auditByOwner } from '../../../lib/audit.ts';
import { AppError } from '../../../lib/errors.ts';
import {
  GoogleAccessRevokedError,
  GoogleApiError,
  googleUrls,
  type TGoogleApiAccount,
  type TGoogleApiLocation,
} from '../../google/google-api.client.ts';
import {
  callGoogle,
  exchangeCode,
  GoogleNotConnectedError,
  openToken,
  revokeGoogleToken,
  sealedTokens,
  sealToken,
} from '../../google/google-auth.service.ts';
import { queueGooglePublish } from '../../google/google-reply.worker.ts';
import { queueGoogleSync } from '../../google/google-sync.worker.ts';
import { googleReviewToOwnerReview } from './google-review.dto.ts';

/** A consent round trip must come back within this long (Google's own codes live 10 minutes). */
export const GOOGLE_STATE_TTL_MS = 10 * 60 * 1000;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const base64url = (bytes: Buffer) => bytes.toString('base64url');

/** Without credentials the feature is hidden; a call that reaches us anyway is a clear 404. */
function assertEnabled(deps: TDeps): void {
  if (!deps.config.google.enabled) throw new AppError('NOT_FOUND', GOOGLE_TEXTS.notEnabled);
}

async function connectionOf(
  deps: TDeps,
  ownerId: number,
  options: { active?: boolean } = {},
): Promise<TGoogleConnection> {
  assertEnabled(deps);
  const connection = await findGoogleConnection(deps.db, ownerId);
  if (!connection) throw new AppError('NOT_FOUND', GOOGLE_TEXTS.notConnected);
  if (connection.status === 'revoked') throw new AppError('CONFLICT', GOOGLE_TEXTS.revoked);
  if (options.active && connection.status !== 'active')
    throw new AppError('CONFLICT', GOOGLE_TEXTS.chooseLocationFirst);
  return connection;
}

/** Google's answers in words for the owner (never a token, never Google's raw body). */
function fromGoogle(error: unknown): never {
  if (
    error instanceof GoogleAccessRevokedError ||
    (error instanceof GoogleNotConnectedError && error.revoked)
  ) {
    throw new AppError('CONFLICT', GOOGLE_TEXTS.revoked);
  }
  if (error instanceof GoogleNotConnectedError) throw new AppError('NOT_FOUND', GOOGLE_TEXTS.notConnected);
  if (error instanceof GoogleApiError) {
    if (error.transient)
      throw new AppError('SERVICE_UNAVAILABLE', GOOGLE_TEXTS.googleUnavailable, undefined, {
        retryAfterSeconds: 30,
      });
    if (error.status === 403) throw new AppError('FORBIDDEN', GOOGLE_TEXTS.locationUnknown);
  }
  throw error;
}

/** A location's review link: Google's own, else its review form for the place id (issue 34). */
export function locationReviewLink(metadata: TGoogleApiLocation['metadata']): string | null {
  if (metadata?.newReviewUri) return metadata.newReviewUri;
  return metadata?.placeId ? googleReviewLinkFor(metadata.placeId) : null;
}

// ---------------------------------------------------------------------------- status

export async function getGoogleStatus(deps: TDeps, ownerId: number): Promise<TGoogleStatus> {
  const enabled = deps.config.google.enabled;
  const connection = enabled ? await findGoogleConnection(deps.db, ownerId) : undefined;
  const count = connection ? (await getGoogleReviewStats(deps.db, ownerId)).reviewCount : 0;
  const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
  return {
    enabled,
    status: connection?.status ?? 'not_connected',
    accountName: connection?.accountName ?? null,
    locationName: connection?.locationName ?? null,
    locationTitle: connection?.locationTitle ?? null,
    newReviewUri: connection?.newReviewUri ?? null,
    connectedAt: iso(connection?.connectedAt),
    sync: {
      state: connection?.syncState ?? 'idle',
      firstImportDone: connection?.firstImportDone ?? false,
      importDone: connection?.importDone ?? 0,
      importTotal: connection?.importTotal ?? null,
      lastSyncedAt: iso(connection?.lastSyncedAt),
      lastError: connection?.lastError ?? null,
      lastErrorAt: iso(connection?.lastErrorAt),
    },
    replyRules: connection?.replyRules ?? [],
    reviewCount: count,
  };
}

// ---------------------------------------------------------------------------- connect

/**
 * The consent URL: authorization code with PKCE (S256) and a `state` bound to this owner, single
 * use and valid for 10 minutes (only its sha256 is stored; the verifier is sealed). Offline access
 * and `prompt=consent`, so Google hands out a refresh token every time.
 */
export async function startGoogleConnect(
  deps: TDeps,
  owner: TOwnerPublic,
): Promise<{ authorizationUrl: string }> {
  assertEnabled(deps);
  const { google } = deps.config;
  const state = base64url(randomBytes(32));
  const verifier = base64url(randomBytes(48));
  const challenge = base64url(createHash('sha256').update(verifier).digest());
  await insertGoogleOauthState(deps.db, {
    stateHash: sha256(state),
    ownerId: owner.id,
    verifierSealed: sealToken(google.tokenKey, verifier),
    expiresAt: new Date(deps.now().getTime() + GOOGLE_STATE_TTL_MS),
  });
  const params = new URLSearchParams({
    client_id: google.clientId!,
    redirect_uri: google.redirectUri,
    response_type: 'code',
    scope: GOOGLE_SCOPE,
    access_type: 'offline',
    prompt: 'consent',
    include_granted_scopes: 'true',
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  return { authorizationUrl: `${googleUrls(google).authorize}?${params}` };
}

/** Google sent the owner back with a code: the state is spent, the code exchanged, tokens sealed. */
export async function finishGoogleConnect(
  deps: TDeps,
  owner: TOwnerPublic,
  input: TGoogleConnectFinish,
  client: { ip: string | null },
): Promise<TGoogleStatus> {
  assertEnabled(deps);
  const key = deps.config.google.tokenKey;
  const sealedVerifier = await consumeGoogleOauthState(deps.db, sha256(input.state), owner.id, deps.now());
  const verifier = openToken(key, sealedVerifier);
  if (!verifier) throw new AppError('BAD_REQUEST', GOOGLE_TEXTS.stateInvalid, 'state');
  let answer: Awaited<ReturnType<typeof exchangeCode>>;
  try {
    answer = await exchangeCode(deps, input.code, verifier);
  } catch (error) {
    if (error instanceof GoogleApiError && !error.transient)
      throw new AppError('BAD_REQUEST', GOOGLE_TEXTS.consentFailed, 'code');
    fromGoogle(error);
  }
  const scopes = (answer.scope ?? GOOGLE_SCOPE).split(/\s+/);
  if (!answer.refresh_token || !scopes.includes(GOOGLE_SCOPE)) {
    // Half a grant is no grant: give back what we got.
    await revokeGoogleToken(deps, answer.access_token);
    throw new AppError(
      'BAD_REQUEST',
      answer.refresh_token ? GOOGLE_TEXTS.scopeMissing : GOOGLE_TEXTS.noRefreshToken,
    );
  }
  const tokens = {
    refreshTokenSealed: sealToken(key, answer.refresh_token),
    ...sealedTokens(deps, answer),
    grantedScope: answer.scope ?? GOOGLE_SCOPE,
  };
  await inTransaction(deps.db, async (trx) => {
    await saveGoogleTokens(trx, owner.id, tokens, deps.now());
    await auditByOwner(
      trx,
      { id: owner.id, ip: client.ip },
      { action: 'google.connect', targetTable: 'owners', targetId: owner.id },
    );
  });
  deps.log.info({ ownerId: owner.id }, 'google business profile connected');
  const connection = await findGoogleConnection(deps.db, owner.id);
  // A reconnect after a revocation picks up where the location's sync left off.
  if (connection?.status === 'active') await queueGoogleSync(deps, { ownerId: owner.id, kind: 'full' });
  return getGoogleStatus(deps, owner.id);
}

// ---------------------------------------------------------------------------- locations

async function pages<T>(
  fetchPage: (pageToken?: string) => Promise<{ items: T[]; next?: string }>,
  max = 20,
): Promise<T[]> {
  const all: T[] = [];
  let token: string | undefined;
  for (let i = 0; i < max; i += 1) {
    const page = await fetchPage(token);
    all.push(...page.items);
    if (!page.next) break;
    token = page.next;
  }
  return all;
}

const addressOf = (location: TGoogleApiLocation) => {
  const a = location.storefrontAddress;
  const parts = [...(a?.addressLines ?? []), a?.locality, a?.postalCode].filter(Boolean);
  return parts.length ? parts.join(', ') : null;
};

/** The accounts and locations the owner manages on Google (Account Management + Business Information). */
export async function listGoogleLocations(deps: TDeps, ownerId: number): Promise<TGoogleLocations> {
  await connectionOf(deps, ownerId);
  const urls = googleUrls(deps.config.google);
  try {
    const accounts = await pages<TGoogleApiAccount>(async (pageToken) => {
      const query = new URLSearchParams({ pageSize: '20', ...(pageToken ? { pageToken } : {}) });
      const page = await callGoogle<{ accounts?: TGoogleApiAccount[]; nextPageToken?: string }>(
        deps,
        ownerId,
        `${urls.accounts}?${query}`,
      );
      return { items: page.accounts ?? [], next: page.nextPageToken };
    });
    const result: TGoogleLocations = { accounts: [] };
    for (const account of accounts) {
      const locations = await pages<TGoogleApiLocation>(async (pageToken) => {
        const query = new URLSearchParams({
          readMask: 'name,title,storefrontAddress,metadata',
          pageSize: '100',
          ...(pageToken ? { pageToken } : {}),
        });
        const page = await callGoogle<{ locations?: TGoogleApiLocation[]; nextPageToken?: string }>(
          deps,
          ownerId,
          `${urls.locations(account.name)}?${query}`,
        );
        return { items: page.locations ?? [], next: page.nextPageToken };
      });
      result.accounts.push({
        name: account.name,
        accountName: account.accountName ?? account.name,
        locations: locations.map((l) => ({
          name: l.name,
          title: l.title ?? l.name,
          address: addressOf(l),
          newReviewUri: locationReviewLink(l.metadata),
        })),
      });
    }
    return result;
  } catch (error) {
    fromGoogle(error);
  }
}

/**
 * The owner picks a location among those Google lists for them (read again here, so nobody can
 * name a location of someone else's): its reviews are imported, and its "write a review" link may
 * become the owner's review link.
 */
export async function selectGoogleLocation(
  deps: TDeps,
  owner: TOwnerPublic,
  input: TGoogleSelectLocation,
): Promise<TGoogleStatus> {
  const connection = await connectionOf(deps, owner.id);
  const { accounts } = await listGoogleLocations(deps, owner.id);
  const location = accounts
    .find((a) => a.name === input.accountName)
    ?.locations.find((l) => l.name === input.locationName);
  if (!location) throw new AppError('BAD_REQUEST', GOOGLE_TEXTS.locationUnknown, 'locationName');
  const changed =
    connection.accountName !== input.accountName || connection.locationName !== input.locationName;
  await inTransaction(deps.db, async (trx) => {
    if (changed) await deleteOwnerGoogleReviews(trx, owner.id);
    await updateGoogleConnection(trx, owner.id, {
      status: 'active',
      accountName: input.accountName,
      locationName: input.locationName,
      locationTitle: location.title,
      newReviewUri: location.newReviewUri,
      ...(changed
        ? {
            syncState: 'idle',
            firstImportDone: false,
            syncPageToken: null,
            syncGeneration: 0,
            importDone: 0,
            importTotal: null,
            lastError: null,
            lastErrorAt: null,
          }
        : {}),
    });
    if (input.useForReviewLink && location.newReviewUri) {
      await updateOwner(trx, owner.id, { reviewLink: location.newReviewUri });
    }
  });
  if (input.useForReviewLink && location.newReviewUri) deps.reviewPageCache.clear();
  await registerNotifications(deps, owner.id, input.accountName);
  await queueGoogleSync(deps, { ownerId: owner.id, kind: 'full' });
  return getGoogleStatus(deps, owner.id);
}

/**
 * Asks Business Profile to publish the account's new and updated reviews to our Pub/Sub topic
 * (when one is configured). Best effort: the 30-minute sync covers an account without it.
 */
async function registerNotifications(deps: TDeps, ownerId: number, accountName: string): Promise<void> {
  const topic = deps.config.google.pubsub.topic;
  if (!topic) return;
  const url = `${googleUrls(deps.config.google).notificationSetting(accountName)}?updateMask=pubsubTopic,notificationTypes`;
  try {
    await callGoogle(deps, ownerId, url, {
      method: 'PATCH',
      body: JSON.stringify({
        name: `${accountName}/notificationSetting`,
        pubsubTopic: topic,
        notificationTypes: ['NEW_REVIEW', 'UPDATED_REVIEW'],
      }),
    });
    await updateGoogleConnection(deps.db, ownerId, { notificationsRegisteredAt: deps.now() });
  } catch (error) {
    deps.log.warn(
      { ownerId, err: error instanceof Error ? error.message : String(error) },
      'google notifications not registered',
    );
  }
}

// ---------------------------------------------------------------------------- disconnect, sync, rules

/** Revokes the grant at Google, then deletes the tokens and the imported reviews. */
export async function disconnectGoogle(
  deps: TDeps,
  ownerId: number,
  client: { ip: string | null },
): Promise<TMessageResult> {
  assertEnabled(deps);
  const connection = await findGoogleConnection(deps.db, ownerId);
  if (connection) {
    // Revoking the refresh token ends the whole grant (its access tokens too).
    const token = openToken(deps.config.google.tokenKey, connection.refreshTokenSealed);
    if (token) await revokeGoogleToken(deps, token);
    await inTransaction(deps.db, async (trx) => {
      await deleteGoogleConnection(trx, ownerId);
      await auditByOwner(
        trx,
        { id: ownerId, ip: client.ip },
        { action: 'google.disconnect', targetTable: 'owners', targetId: ownerId },
      );
    });
    deps.log.info({ ownerId }, 'google business profile disconnected');
  }
  return { success: true, message: GOOGLE_TEXTS.disconnected };
}

export async function syncGoogleNow(deps: TDeps, ownerId: number): Promise<TMessageResult> {
  await connectionOf(deps, ownerId, { active: true });
  await queueGoogleSync(deps, { ownerId, kind: 'full' });
  return { success: true, message: GOOGLE_TEXTS.syncQueued };
}

export async function updateGoogleReplyRules(
  deps: TDeps,
  ownerId: number,
  input: TGoogleReplyRules,
): Promise<TGoogleStatus> {
  await connectionOf(deps, ownerId);
  const rules = [...input.rules].sort((a, b) => a.rating - b.rating);
  await updateGoogleConnection(deps.db, ownerId, { replyRules: JSON.stringify(rules) });
  return getGoogleStatus(deps, ownerId);
}

// ---------------------------------------------------------------------------- replies

/** The owner's edited reply goes to Google once: a new idempotency key, and a job that carries it. */
export async function publishGoogleReply(
  deps: TDeps,
  ownerId: number,
  input: { id: number; text: string },
): Promise<TOwnerReview> {
  await connectionOf(deps, ownerId, { active: true });
  const review = await findGoogleReviewForOwner(deps.db, ownerId, input.id);
  if (!review) throw new AppError('NOT_FOUND', GOOGLE_TEXTS.reviewNotFound);
  if (review.deletedAt) throw new AppError('GONE', GOOGLE_TEXTS.reviewDeleted);
  const key = randomUUID();
  const begun = await beginGoogleReplyPublish(deps.db, ownerId, review.id, input.text, key, deps.now());
  if (!begun) throw new AppError('CONFLICT', GOOGLE_TEXTS.publishing);
  await queueGooglePublish(deps, review.id, key);
  return googleReviewToOwnerReview(begun);
}

export async function getGoogleReviewForOwner(
  deps: TDeps,
  ownerId: number,
  id: number,
): Promise<TOwnerReview> {
  const review = await findGoogleReviewForOwner(deps.db, ownerId, id);
  if (!review || review.deletedAt) throw new AppError('NOT_FOUND', GOOGLE_TEXTS.reviewNotFound);
  return googleReviewToOwnerReview(review);
}
