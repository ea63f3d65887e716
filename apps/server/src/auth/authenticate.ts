import {
  ACCOUNT_CLOSURE_DAYS,
  ACCOUNT_TEXTS,
  CLOSURE_TEXTS,
  ERROR_TEXTS,
  INTEGRATION_TEXTS,
  integrationsAllowed,
  istDay,
  roleAllows,
  type TOwnerPermission,
} from '@starloop/contract';
import {
  findAdminById,
  findLiveApiKeyByHash,
  findMemberContext,
  findOwnerById,
  type TAdminPublic,
  type TMembership,
  type TOwnerPublic,
  type TPersonPublic,
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
export type TCallerKind =
  | 'public'
  | 'owner'
  | 'admin'
  | 'super_admin'
  | 'webhook'
  | 'api_key'
  /** The partner API of accounts and teams: an owner token or an API key. */
  | 'owner_or_api_key';

/**
 * A person signed in to the owner area, working on one business (branch): `owner` is that
 * business, as every owner-side service has always read it; `person` and `membership` say who is
 * calling and in which role.
 */
export interface TOwnerSession {
  owner: TOwnerPublic;
  person: TPersonPublic;
  membership: TMembership;
  sessionId: string;
}

export interface TAdminSession {
  admin: TAdminPublic;
  sessionId: string;
}

/**
 * An API key's caller: the business it acts for (the key's own, or another branch of its account
 * named by X-Business-Id), and which key. A key acts with an account owner's rights.
 */
export interface TApiKeySession {
  owner: TOwnerPublic;
  apiKeyId: number;
}

/**
 * The partner API's caller: a person signed in to the owner area, or an API key, which acts as an
 * owner of its account (on any of its branches).
 */
export interface TAccountSession {
  owner: TOwnerPublic;
  /** Null for an API key. */
  person: TPersonPublic | null;
  membership: Pick<TMembership, 'accountId' | 'role' | 'businessIds'>;
  apiKeyId: number | null;
  sessionId: string | null;
}

/** How an owner-side call is authorized: the branch it names, and what it needs. */
export interface TOwnerCallOptions {
  /** A pending owner may still pay for its plan. */
  allowPending?: boolean;
  /** An owner of a closed account may still call this (sign-out, the closure, the export). */
  allowClosedAccount?: boolean;
  /** The raw `X-Business-Id` header: the branch this call works on (else the person's first). */
  businessHeader?: string | string[] | undefined;
  /** What the operation needs (its one declared permission). */
  permission?: TOwnerPermission;
}

const PERMISSION_REFUSALS: Record<TOwnerPermission, string> = {
  read: ACCOUNT_TEXTS.branchForbidden,
  manage: ACCOUNT_TEXTS.manageForbidden,
  account: ACCOUNT_TEXTS.accountForbidden,
};

/** The branch an `X-Business-Id` header names: undefined when absent, a 400 when not an id. */
export function businessIdFrom(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value === '') return undefined;
  if (!/^[1-9]\d{0,15}$/.test(value.trim()) || !Number.isSafeInteger(Number(value.trim()))) {
    throw new AppError('BAD_REQUEST', ACCOUNT_TEXTS.businessHeaderInvalid);
  }
  return Number(value.trim());
}

/** The session an operation of that kind runs with. */
export type TSessionOf<TKind extends TCallerKind> = TKind extends 'owner'
  ? TOwnerSession
  : TKind extends 'admin' | 'super_admin'
    ? TAdminSession
    : TKind extends 'api_key'
      ? TApiKeySession
      : TKind extends 'owner_or_api_key'
        ? TAccountSession
        : undefined;

const signInAgain = () => new AppError('UNAUTHORIZED', ERROR_TEXTS.unauthorized);

/**
 * The one sign-in rule for owners, used by sign-in, every owner operation, set-password,
 * reset-password and payment verification: a deleted or inactive owner is refused with its reason
 * (403), and so is a pending one, except where the caller pays for its plan.
 */
/**
 * A closed account (issue 35): its owners may sign in for its 30 days and call only what
 * `allowClosedAccount` marks (else a 403 saying the account is closed until the erasure day); its
 * other members are refused. `erasureDay` is the IST day its data is erased.
 */
export function assertClosedAccountAccess(
  business: Pick<TOwnerPublic, 'closedAt'>,
  role: TMembership['role'],
  allowed: boolean,
): void {
  if (!business.closedAt) return;
  if (role !== 'owner') throw new AppError('FORBIDDEN', CLOSURE_TEXTS.closedForMembers);
  if (!allowed) {
    throw new AppError(
      'FORBIDDEN',
      CLOSURE_TEXTS.restricted(
        istDay(new Date(business.closedAt.getTime() + ACCOUNT_CLOSURE_DAYS * 86_400_000)),
      ),
    );
  }
}

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
 * A live owner token (else 401) of a person working on a branch of one of their accounts: the one
 * `X-Business-Id` names (403 when it is not theirs or outside their branches), else their first.
 * The branch must pass the sign-in rule (else 403 with the reason) and the person's role must allow
 * the operation's permission (else 403).
 */
export async function authenticateOwner(
  deps: TDeps,
  authorization: string | undefined,
  options: TOwnerCallOptions = {},
): Promise<TOwnerSession> {
  const token = bearerToken(authorization);
  const verified = token ? await deps.tokens.verify('owner', token) : undefined;
  if (!verified) throw signInAgain();
  const businessId = businessIdFrom(options.businessHeader);
  const context = await findMemberContext(deps.db, verified.subjectId, businessId);
  if (!context) {
    // A branch that is not theirs is a 403; a person with no branch left at all signs in again.
    if (businessId !== undefined && (await findMemberContext(deps.db, verified.subjectId))) {
      throw new AppError('FORBIDDEN', ACCOUNT_TEXTS.branchForbidden);
    }
    throw signInAgain();
  }
  // A branch an owner added is pending until paid: chosen by name, it says so (not "register again").
  if (businessId !== undefined && context.business.status === 'pending' && !options.allowPending) {
    throw new AppError('FORBIDDEN', ACCOUNT_TEXTS.branchUnpaid);
  }
  if (context.business.closedAt) {
    assertClosedAccountAccess(context.business, context.membership.role, options.allowClosedAccount === true);
  } else {
    assertOwnerMaySignIn(context.business, options);
  }
  if (options.permission && !roleAllows(context.membership.role, options.permission)) {
    throw new AppError('FORBIDDEN', PERMISSION_REFUSALS[options.permission]);
  }
  return {
    owner: context.business,
    person: context.person,
    membership: context.membership,
    sessionId: verified.sessionId,
  };
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
  options: Pick<TOwnerCallOptions, 'businessHeader'> = {},
): Promise<TApiKeySession> {
  const key = bearerToken(authorization);
  const found =
    key && API_KEY_PATTERN.test(key) ? await findLiveApiKeyByHash(deps.db, hashApiKey(key)) : undefined;
  if (!found) throw new AppError('UNAUTHORIZED', INTEGRATION_TEXTS.apiKeyInvalid);
  let owner = found.owner;
  const businessId = businessIdFrom(options.businessHeader);
  if (businessId !== undefined && businessId !== owner.id) {
    const branch = await findOwnerById(deps.db, businessId);
    if (!branch || branch.accountId !== owner.accountId) {
      throw new AppError('FORBIDDEN', ACCOUNT_TEXTS.branchForbidden);
    }
    owner = branch;
  }
  assertOwnerMaySignIn(owner);
  if (!integrationsAllowed(owner.plan)) throw new AppError('FORBIDDEN', INTEGRATION_TEXTS.professionalOnly);
  await touchApiKey(deps.db, found.key.id, deps.now());
  return { owner, apiKeyId: found.key.id };
}

/** An owner token (with its person's role) or an API key (an owner of its account). */
export async function authenticateAccountCaller(
  deps: TDeps,
  authorization: string | undefined,
  options: TOwnerCallOptions = {},
): Promise<TAccountSession> {
  const bearer = bearerToken(authorization);
  if (bearer && API_KEY_PATTERN.test(bearer)) {
    const key = await authenticateApiKey(deps, authorization, options);
    return {
      owner: key.owner,
      person: null,
      membership: { accountId: key.owner.accountId, role: 'owner', businessIds: null },
      apiKeyId: key.apiKeyId,
      sessionId: null,
    };
  }
  return { ...(await authenticateOwner(deps, authorization, options)), apiKeyId: null };
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
  options: TOwnerCallOptions = {},
): Promise<TSessionOf<TKind>> {
  switch (kind) {
    case 'owner':
      return (await authenticateOwner(deps, authorization, options)) as TSessionOf<TKind>;
    case 'admin':
      return (await authenticateAdmin(deps, authorization)) as TSessionOf<TKind>;
    case 'super_admin':
      return assertSuperAdmin(await authenticateAdmin(deps, authorization)) as TSessionOf<TKind>;
    case 'api_key':
      return (await authenticateApiKey(deps, authorization, options)) as TSessionOf<TKind>;
    case 'owner_or_api_key':
      return (await authenticateAccountCaller(deps, authorization, options)) as TSessionOf<TKind>;
    default:
      return undefined as TSessionOf<TKind>;
  }
}

/** Sign out: this token's session is revoked server-side, whatever its kind. */
export async function signOut(deps: Pick<TDeps, 'tokens'>, sessionId: string): Promise<{ success: true }> {
  await deps.tokens.revoke(sessionId);
  return { success: true };
}
