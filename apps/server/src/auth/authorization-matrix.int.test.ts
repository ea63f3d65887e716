import { ACCOUNT_TEXTS, type TOwnerPermission } from '@starloop/contract';
import { deleteMembership } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import type { AnyTRPCProcedure } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeRegistry } from '../rest/define-route.ts';
import { addMember, createChain, type TChain } from '../test/accounts-kit.ts';
import { bearer } from '../test/requests-kit.ts';
import { createTestServer, type TTestServer } from '../test/test-server.ts';
import type { TOperationMeta } from '../trpc/operation-meta.ts';
import { appRouter } from '../trpc/router.ts';

/**
 * Who may call every owner-side operation, generated from the registry: each procedure is called
 * as each kind of caller, and the answer must be the one its declared permission gives. A new
 * owner-side operation is in the matrix without touching this file, and one without a declared
 * permission fails it.
 */

type TActor =
  | 'owner'
  | 'manager'
  | 'managerOfAnotherBranch'
  | 'staff'
  | 'removedMember'
  | 'otherAccountOwner'
  | 'apiKey';
const ACTORS: TActor[] = [
  'owner',
  'manager',
  'managerOfAnotherBranch',
  'staff',
  'removedMember',
  'otherAccountOwner',
  'apiKey',
];

const ROLE_OF: Partial<Record<TActor, 'owner' | 'manager' | 'staff'>> = {
  owner: 'owner',
  manager: 'manager',
  staff: 'staff',
  apiKey: 'owner',
};
const ALLOWS: Record<'owner' | 'manager' | 'staff', readonly TOwnerPermission[]> = {
  owner: ['read', 'manage', 'account'],
  manager: ['read', 'manage'],
  staff: ['read'],
};

/** What the declared permission gives this caller: through (any answer but 401/403), 401 or 403. */
function expected(actor: TActor, meta: TOperationMeta): 'through' | 401 | 403 {
  const { auth, permission } = meta as Required<Pick<TOperationMeta, 'auth' | 'permission'>>;
  if (actor === 'removedMember') return 401;
  if (actor === 'apiKey' && auth === 'owner') return 401;
  // An operation about the signed-in person: an API key acts for no person.
  if (actor === 'apiKey' && meta.person) return 403;
  if (actor === 'managerOfAnotherBranch' || actor === 'otherAccountOwner') return 403;
  return ALLOWS[ROLE_OF[actor]!].includes(permission) ? 'through' : 403;
}

const procedures = Object.entries(
  appRouter._def.procedures as unknown as Record<string, AnyTRPCProcedure>,
).map(([path, procedure]) => ({
  path,
  kind: procedure._def.type,
  meta: (procedure._def.meta ?? {}) as TOperationMeta,
}));
const ownerSide = procedures.filter((p) => p.meta.auth === 'owner' || p.meta.auth === 'owner_or_api_key');

describe(`the authorization matrix of owner-side operations on ${testDriverName()}`, () => {
  let server: TTestServer;
  let chain: TChain;
  const people = {} as Record<Exclude<TActor, 'apiKey'>, number>;
  let apiKey: string;

  beforeAll(async () => {
    server = await createTestServer();
    chain = await createChain(server, { branches: 2 });
    const [a, b] = chain.branches;
    people.owner = chain.ownerPersonId;
    people.manager = (await addMember(server, chain.accountId, 'manager')).personId;
    people.managerOfAnotherBranch = (await addMember(server, chain.accountId, 'manager', [b!.id])).personId;
    people.staff = (await addMember(server, chain.accountId, 'staff')).personId;
    people.removedMember = (await addMember(server, chain.accountId, 'manager')).personId;
    await deleteMembership(server.deps.db, chain.accountId, people.removedMember);
    people.otherAccountOwner = (await createChain(server, { branches: 1 })).ownerPersonId;
    const created = await server.app.inject({
      method: 'POST',
      url: '/trpc/owner.integrations.apiKeys.create',
      headers: bearer(chain.ownerToken),
      payload: { name: 'matrix' },
    });
    apiKey = created.json().result.data.key;
    expect(a).toBeDefined();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('every owner-side operation declares the permission it needs', () => {
    expect(ownerSide.length).toBeGreaterThan(50);
    expect(ownerSide.filter((p) => !p.meta.permission).map((p) => p.path)).toEqual([]);
    // The REST-only routes (defineRestRoute) declare theirs too; procedures' REST bindings are above.
    const bound = new Set(
      procedures.flatMap((p) => (p.meta.rest ? [`${p.meta.rest.method} ${p.meta.rest.path}`] : [])),
    );
    const routes = routeRegistry.filter(
      (r) => (r.auth === 'owner' || r.auth === 'owner_or_api_key') && !bound.has(`${r.method} ${r.url}`),
    );
    expect(routes.length).toBeGreaterThanOrEqual(2);
    expect(routes.filter((r) => !r.permission).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('answers every caller as the declared permission says', async () => {
    const branchA = String(chain.branches[0]!.id);
    const mismatches: string[] = [];
    for (const procedure of ownerSide) {
      for (const actor of ACTORS) {
        // A fresh token for every call: an operation that signs out (owner.logout) ends only its own.
        const authorization =
          actor === 'apiKey'
            ? `Bearer ${apiKey}`
            : `Bearer ${(await server.deps.tokens.issue('owner', people[actor])).token}`;
        const headers = { authorization, 'x-business-id': branchA };
        const res =
          procedure.kind === 'query'
            ? await server.app.inject({
                method: 'GET',
                url: `/trpc/${procedure.path}?input=${encodeURIComponent('{}')}`,
                headers,
              })
            : await server.app.inject({
                method: 'POST',
                url: `/trpc/${procedure.path}`,
                headers,
                payload: {},
              });
        const want = expected(actor, procedure.meta);
        const refused = res.statusCode === 401 || res.statusCode === 403;
        const ok = want === 'through' ? !refused : res.statusCode === want;
        if (!ok)
          mismatches.push(
            `${procedure.path} as ${actor}: ${res.statusCode}, expected ${want} ${res.body.slice(0, 160)}`,
          );
        if (want === 403 && res.statusCode === 403 && actor !== 'apiKey') {
          const message = res.json().error.message as string;
          if (!Object.values(ACCOUNT_TEXTS).includes(message as never)) {
            mismatches.push(`${procedure.path} as ${actor}: 403 without the account's reason (${message})`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});
