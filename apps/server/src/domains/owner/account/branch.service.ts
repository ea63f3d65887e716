import { randomBytes } from 'node:crypto';
import {
  ADMIN_OPS_TEXTS,
  BRANCH_TEXTS,
  branchCodeCandidates,
  branchPrice,
  CURRENCY,
  MAX_ACCOUNT_BRANCHES,
  PUBLIC_TEXTS,
  resolveRegistrationPlan,
  type TBranchCreate,
  type TBranchCreated,
} from '@starloop/contract';
import { findCity, findState, isCityInState } from '@starloop/contract/geo';
import {
  countLiveAccountBusinesses,
  insertOwner,
  inTransaction,
  isBusinessCodeTaken,
  lockAccountMemberships,
  recordActivity,
  type TDb,
  type TOwnerPublic,
} from '@starloop/db';
import type { TAccountSession } from '../../../auth/authenticate.ts';
import type { TDeps } from '../../../context.ts';
import { auditBy } from '../../../lib/audit.ts';
import { badRequest, conflict, uniqueConflict } from '../../../lib/errors.ts';
import { toAccountBranch } from './account.service.ts';

/** A lost race for a code made from the name is tried again with the next free one. */
const CODE_WRITE_TRIES = 3;

const CODE_UNIQUE = { owners_code_key: [PUBLIC_TEXTS.codeTaken, 'code'] } as const;

/** Who acted, for the audit trail: the person, or the API key (system-like, named in details). */
const actorOf = (session: TAccountSession, ip: string | null) => ({
  actorKind: session.person ? ('owner' as const) : ('system' as const),
  actorId: session.person?.id ?? null,
  ip,
});

/** State and city from the lists registration and onboarding use (a city needs its state). */
async function checkedPlace(input: TBranchCreate): Promise<{ state: string | null; city: string | null }> {
  const state = input.state ? findState(input.state) : undefined;
  if (input.state && !state) throw badRequest(ADMIN_OPS_TEXTS.stateUnknown, 'state');
  if (!input.city) return { state: state?.name ?? null, city: null };
  if (!state) throw badRequest(BRANCH_TEXTS.cityWithoutState, 'state');
  if (!(await isCityInState(state.name, input.city))) {
    throw badRequest(ADMIN_OPS_TEXTS.cityNotInState(state.name), 'city');
  }
  return { state: state.name, city: (await findCity(state.name, input.city)) ?? input.city };
}

/**
 * The code the branch gets: the one chosen (409 when any business holds it), else the first free
 * one made from the business name (and city), else that stem with a random ending.
 */
async function codeFor(db: TDb, input: TBranchCreate, city: string | null): Promise<string> {
  if (input.code) {
    if (await isBusinessCodeTaken(db, input.code)) throw conflict(PUBLIC_TEXTS.codeTaken, 'code');
    return input.code;
  }
  const candidates = branchCodeCandidates(input.businessName, city);
  for (const code of candidates) {
    if (!(await isBusinessCodeTaken(db, code))) return code;
  }
  const stem = (candidates[0] ?? 'branch').slice(0, 25).replace(/-+$/, '');
  return `${stem}-${randomBytes(4).toString('hex').slice(0, 6)}`;
}

/** Who adds a branch to which account: its plan, the new business's defaults, the audit's actor. */
export interface TBranchAdder {
  accountId: number;
  plan: TOwnerPublic['plan'];
  /** The new business's owner name and email (the account's people sign in; these are its details). */
  name: string;
  email: string | null;
  actor: { actorKind: 'owner' | 'admin' | 'system'; actorId: number | null; ip: string | null };
  /** Set when an admin adds it: the activity line names them. */
  adminId?: number;
  /** Extra audit and activity details (the calling branch, an API key). */
  details: Record<string, unknown>;
}

/**
 * POST /api/v1/account/branches: an account's owner (or API key) adds a branch. It is a new
 * business of the account on the account's plan (the calling branch's), pending with no
 * subscription, so its review page stays off until its own payment (owner.plan.createOrder with
 * its X-Business-Id, settled like any plan payment). Its own code and review counters, the
 * notification defaults of a new registration. At most MAX_ACCOUNT_BRANCHES live ones (409). One
 * transaction with its activity line and audit row (the acting person); nothing on a refusal.
 */
export function addBranch(
  deps: Pick<TDeps, 'db' | 'log' | 'reviewPageCache'>,
  session: TAccountSession,
  input: TBranchCreate,
  client: { ip: string | null },
): Promise<TBranchCreated> {
  return addBranchTo(
    deps,
    {
      accountId: session.membership.accountId,
      plan: session.owner.plan,
      name: session.person?.name ?? session.owner.name,
      email: session.owner.email ?? session.person?.email ?? null,
      actor: actorOf(session, client.ip),
      details: { byBusinessId: session.owner.id, apiKeyId: session.apiKeyId },
    },
    input,
  );
}

/** A branch added to an account, by its owner (addBranch) or by an admin (admin.accounts.addBranch). */
export async function addBranchTo(
  deps: Pick<TDeps, 'db' | 'log' | 'reviewPageCache'>,
  adder: TBranchAdder,
  input: TBranchCreate,
): Promise<TBranchCreated> {
  const { accountId, plan } = adder;
  const place = await checkedPlace(input);
  const limitReached = async (db: TDb) =>
    (await countLiveAccountBusinesses(db, accountId)) >= MAX_ACCOUNT_BRANCHES;
  if (await limitReached(deps.db)) throw conflict(BRANCH_TEXTS.limitReached);

  const write = (code: string) =>
    inTransaction(deps.db, async (trx) => {
      // One branch change of an account at a time, so two adds cannot both pass the limit.
      await lockAccountMemberships(trx, accountId);
      if (await limitReached(trx)) throw conflict(BRANCH_TEXTS.limitReached);
      const branch = await insertOwner(trx, {
        accountId,
        name: adder.name,
        email: adder.email,
        businessName: input.businessName,
        contactNumber: input.contactNumber,
        code,
        reviewLink: input.reviewLink ?? null,
        state: place.state,
        city: place.city,
        plan,
        status: 'pending',
        registrationSource: 'website',
      });
      await recordActivity(trx, {
        type: 'user',
        message: `${branch.businessName} added as a branch on the ${resolveRegistrationPlan(plan).name} plan (unpaid until its payment)`,
        code: branch.code,
        ownerId: branch.id,
        meta: { accountId, plan, ...adder.details },
        ...(adder.adminId !== undefined ? { adminId: adder.adminId } : {}),
      });
      await auditBy(trx, adder.actor, {
        action: 'account.branch_add',
        targetTable: 'owners',
        targetId: branch.id,
        details: { accountId, code: branch.code, plan, ...adder.details },
      });
      return branch;
    });

  let branch: TOwnerPublic;
  for (let attempt = 1; ; attempt += 1) {
    const code = await codeFor(deps.db, input, place.city);
    try {
      branch = await write(code);
      break;
    } catch (error) {
      // Another business took the code meanwhile: a chosen code is a 409, a made one is made again.
      const lost = uniqueConflict(error, CODE_UNIQUE);
      if (lost && !input.code && attempt < CODE_WRITE_TRIES) continue;
      throw lost ?? error;
    }
  }
  // A visit to the code before it existed may be cached as unknown: the page now says "not active".
  deps.reviewPageCache.clear();
  deps.log.info({ accountId, businessId: branch.id, plan }, 'branch added; pending until its payment');
  return {
    branch: toAccountBranch(branch),
    payment: { plan, amount: branchPrice(plan), currency: CURRENCY },
    message: BRANCH_TEXTS.added,
  };
}
