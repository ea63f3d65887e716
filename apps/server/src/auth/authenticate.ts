import { ERROR_TEXTS, INTEGRATION_TEXTS, integrationsAllowed } from '@starloop/contract';
import {
  findAdminById,
  findLiveApiKeyByHash,
  findOwnerById,
  type TAdminPublic,
  type TOwnerPublic,
  touchApiKey,
} from '@starloop/db';
import type { TDeps } from '../context.ts';
import { AppError } from '../lib/errors.ts';
import { API_KEY_PATTERN, hashApiKey } from './api-keys.ts';
import { bearerToken } from './tokens.ts';

/**
 * Who may call an operation. `webhook` routes prove themselves by a signature over the body
 * (checked by their service), not by a token. `api_key`: another system acting for one owner
 * with one of that owner's API keys (Professional plan), never with an owner or admin token.
 */
export type TCallerKind = 'public' | 'owner' | 'admin' | 'super_admin' | 'webhook' | 'api_key';

export interface TOwnerSession {
  owner: TOwnerPublic;
  sessionId: string;
}

export interface TAdminSession {
  admin: TAdminPublic;
  sessionId: string;
}

/** An API key's caller: the owner it belongs to, and which key (every read is scoped to that owner). */
export interface TApiKeySession {
  owner: TOwnerPublic;
  apiKeyId: number;
}

/** The session an operation of that kind runs with. */
export type TSessionOf<TKind extends TCallerKind> = TKind extends 'owner'
  ? TOwnerSession
  : TKind extends 'admin' | 'super_admin'
    ? TAdminSession
    : TKind extends 'api_key'
      ? TApiKeySession
      : undefined;

const signInAgain = () => new AppError('UNAUTHORIZED', ERROR_TEXTS.unauthorized);

/**
 * The one sign-in rule for owners, used by sign-in, every owner operation, set-password,
 * reset-password and payment verification: a deleted or inactive owner is refused with its reason
 * (403), and so is a pending one, except where the caller pays for its plan.
 */
export function assertOwnerMaySignIn(
  owner: Pick<TOwnerPublic, 'status' | 'deletedAt'>,
  options: { allowPending?: boolean } = {},
): void {
  if (owner.deletedAt) throw new AppError('FORBIDDEN', ERROR_TEXTS.ownerDeleted);
  if (owner.status === 'pending') {
    if (!options.allowPending) throw new AppError('FORBIDDEN', ERROR_TEXTS.ownerPending);
    return;
  }
  if (owner.status !== 'active') throw new AppError('FORBIDDEN', ERROR_TEXTS.ownerInactive);
}

/**
 * A live owner token (else 401) of an owner the sign-in rule lets in (else 403 with the reason).
 */
export async function authenticateOwner(
  deps: TDeps,
  authorization: string | undefined,
  options: { allowPending?: boolean } = {},
): Promise<TOwnerSession> {
  const token = bearerToken(authorization);
  const verified = token ? await deps.tokens.verify('owner', token) : undefined;
  const owner = verified ? await findOwnerById(deps.db, verified.subjectId) : undefined;
  if (!verified || !owner) throw signInAgain();
  assertOwnerMaySignIn(owner, options);
  return { owner, sessionId: verified.sessionId };
}

/** A live admin token of an active admin, or a 401. */
export async function authenticateAdmin(
  deps: TDeps,
  authorization: string | undefined,
): Promise<TAdminSession> {
  const token = bearerToken(authorization);
  const verified = token ? await deps.tokens.verify('admin', token) : undefined;
  const admin = verified ? await findAdminById(deps.db, verified.subjectId) : undefined;
  if (!verified || !admin || admin.status !== 'active') throw signInAgain();
  return { admin, sessionId: verified.sessionId };
}

/**
 * A live API key (else 401, the same answer for a malformed, unknown or revoked key) of an owner
 * the sign-in rule lets in (else 403 with the reason) and whose plan includes the API (else 403).
 * Owner and admin tokens are not API keys: they never match the key's form.
 */
export async function authenticateApiKey(
  deps: Pick<TDeps, 'db' | 'now'>,
  authorization: string | undefined,
): Promise<TApiKeySession> {
  const key = bearerToken(authorization);
  const found =
    key && API_KEY_PATTERN.test(key) ? await findLiveApiKeyByHash(deps.db, hashApiKey(key)) : undefined;
  if (!found) throw new AppError('UNAUTHORIZED', INTEGRATION_TEXTS.apiKeyInvalid);
  assertOwnerMaySignIn(found.owner);
  if (!integrationsAllowed(found.owner.plan))
    throw new AppError('FORBIDDEN', INTEGRATION_TEXTS.professionalOnly);
  await touchApiKey(deps.db, found.key.id, deps.now());
  return { owner: found.owner, apiKeyId: found.key.id };
}

/** A plain admin reaches a super_admin operation only as far as this 403. */
export function assertSuperAdmin(session: TAdminSession): TAdminSession {
  if (session.admin.role !== 'super_admin') throw new AppError('FORBIDDEN', ERROR_TEXTS.forbidden);
  return session;
}

/**
 * The one authorization rule of both transports: the tRPC procedure builders and the REST
 * routes that are not procedures both call this, so neither can skip it.
 */
export async function authenticate<TKind extends TCallerKind>(
  deps: TDeps,
  kind: TKind,
  authorization: string | undefined,
): Promise<TSessionOf<TKind>> {
  switch (kind) {
    case 'owner':
      return (await authenticateOwner(deps, authorization)) as TSessionOf<TKind>;
    case 'admin':
      return (await authenticateAdmin(deps, authorization)) as TSessionOf<TKind>;
    case 'super_admin':
      return assertSuperAdmin(await authenticateAdmin(deps, authorization)) as TSessionOf<TKind>;
    case 'api_key':
      return (await authenticateApiKey(deps, authorization)) as TSessionOf<TKind>;
    default:
      return undefined as TSessionOf<TKind>;
  }
}

/** Sign out: this token's session is revoked server-side, whatever its kind. */
export async function signOut(deps: Pick<TDeps, 'tokens'>, sessionId: string): Promise<{ success: true }> {
  await deps.tokens.revoke(sessionId);
  return { success: true };
}
