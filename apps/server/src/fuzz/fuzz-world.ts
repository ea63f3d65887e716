import { REGISTRATION_PLANS } from '@starloop/contract';
import { insertAgent, insertLead, insertMembership, insertPerson, insertReview } from '@starloop/db';
import fc from 'fast-check';
import { sql } from 'kysely';
import { createTokenService } from '../auth/tokens.ts';
import { QUEUES } from '../jobs/queue.ts';
import type { TCreateServerOptions } from '../server.ts';
import {
  createTestAdmin,
  createTestOwner,
  createTestServer,
  issueOwnerToken,
  ownerPersonId,
  type TTestServer,
} from '../test/test-server.ts';
import { changedTables, createChecksummer, type TChecksums } from './db-checksum.ts';
import { describeRequest, type TActor, type TFuzzRequest, type TRequestPlan } from './fuzz-requests.ts';
import { responseViolations } from './response-checks.ts';
import type { TFuzzFixtures } from './schema-values.ts';

/**
 * FUZZ_SEED (a fixed default per driver, so CI is repeatable and the two passes try different
 * cases), FUZZ_RUNS (cases per driver), FUZZ_PATH (replay).
 */
export function fuzzSettings(defaultRuns: number, defaultSeed = 20261125) {
  const seed = Number.parseInt(process.env.FUZZ_SEED ?? '', 10);
  const runs = Number.parseInt(process.env.FUZZ_RUNS ?? '', 10);
  return {
    seed: Number.isFinite(seed) ? seed : defaultSeed,
    runs: Number.isFinite(runs) && runs > 0 ? runs : defaultRuns,
    path: process.env.FUZZ_PATH || undefined,
    only: process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : undefined,
  };
}

/**
 * Operations allowed to move the admin sign-in bookkeeping while refusing (db-checksum.ts): each
 * counts a sign-in attempt before checking it.
 */
const SIGN_IN_STEPS = /admin\.auth\.(login|verifyTotp|enrolTotp|changePassword)|\/api\/admin\/login/;

export interface TFuzzWorld {
  server: TTestServer;
  fixtures: TFuzzFixtures;
  /** Cases run and how they were answered (count per status), for the notes. */
  stats: {
    cases: number;
    byStatus: Record<string, number>;
    byOperation: Record<string, Record<string, number>>;
    /** Milliseconds spent per operation, checks included. */
    msByOperation: Record<string, number>;
  };
  /** Sends one planned request and checks every property; throws a report of what broke. */
  run(plan: TRequestPlan): Promise<void>;
  /**
   * Calls every given query as its caller, with an empty input: whatever the writes before stored,
   * no read may fail on it (a 5xx or a leak). Returns the reports of the reads that broke.
   */
  sweep(reads: { path: string; auth: string }[], after: string): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * A server on a fresh database with the callers the fuzz plays (an owner, a pending owner, an
 * admin, a super admin) and some rows to aim at. Background workers are paused: the database may
 * only change through the request being checked.
 */
export async function createFuzzWorld(
  options: { rateLimits: 'off' | 'on'; limits?: TCreateServerOptions['rateLimits'] } = { rateLimits: 'off' },
): Promise<TFuzzWorld> {
  const server = await createTestServer(
    { RATE_LIMITS: options.rateLimits },
    options.limits ? { rateLimits: options.limits } : {},
  );
  for (const queue of Object.values(QUEUES)) await server.deps.jobs.boss.offWork(queue);
  // The test server logs nothing; what the server logs as an error during a case joins its report.
  const logged: string[] = [];
  const log = server.app.log as unknown as { error: (...args: unknown[]) => void; child: () => unknown };
  log.error = (...args: unknown[]) => {
    const [first, message] = args;
    const err = (first as { err?: unknown } | undefined)?.err;
    const detail = err instanceof Error ? (err.stack ?? err.message).split('\n').slice(0, 6).join('\n') : '';
    logged.push(`${typeof message === 'string' ? message : String(first)} ${detail}`.trim());
  };
  const db = server.deps.db;

  const owner = await createTestOwner(server, { email: 'fuzz-owner@example.com' });
  const pendingOwner = await createTestOwner(server, {
    status: 'pending',
    email: 'fuzz-pending@example.com',
  });
  const inactive = await createTestOwner(server, { status: 'inactive' });
  const deleted = await createTestOwner(server, { deletedAt: new Date() });
  // A second account, and a staff member of the owner's: callers that must be refused most things.
  const otherAccount = await createTestOwner(server, { email: 'fuzz-other@example.com' });
  const staff = await insertPerson(db, {
    name: 'Fuzz Staff',
    phone: '7000000777',
    email: 'fuzz-staff@example.com',
  });
  await insertMembership(db, { accountId: owner.accountId, personId: staff.id, role: 'staff' });
  const admin = await createTestAdmin(server, { role: 'admin', email: 'fuzz-admin@starloop.test' });
  const superAdmin = await createTestAdmin(server, {
    role: 'super_admin',
    email: 'fuzz-super@starloop.test',
  });
  const disabled = await createTestAdmin(server, { role: 'admin', status: 'disabled' });
  const lead = await insertLead(db, {
    name: 'Lead One',
    email: 'lead@example.com',
    subject: 'demo',
    message: 'Call me',
    source: 'website',
  });
  const agent = await insertAgent(db, {
    code: 'AG01',
    name: 'Agent One',
    email: 'agent@example.com',
    phone: '9811111111',
  });
  const review = await insertReview(db, {
    ownerId: owner.id,
    rating: 2,
    message: 'cold food',
    deviceId: 'fuzz-device',
  });
  // Another owner's review: an owner asking for it by id must not get it.
  const foreignReview = await insertReview(db, {
    ownerId: inactive.id,
    rating: 5,
    message: 'great',
    deviceId: 'fuzz-2',
  });
  const fixtures: TFuzzFixtures = {
    ownerIds: [owner.id, pendingOwner.id, inactive.id, deleted.id],
    ownerCodes: [owner.code, pendingOwner.code, inactive.code, deleted.code],
    ownerPhones: [owner.contactNumber, pendingOwner.contactNumber, inactive.contactNumber],
    ownerEmails: ['fuzz-owner@example.com', 'fuzz-pending@example.com'],
    adminIds: [admin.id, superAdmin.id, disabled.id],
    adminEmails: [admin.email, superAdmin.email, disabled.email],
    leadIds: [lead.id],
    agentIds: [agent.id],
    reviewIds: [review.id, foreignReview.id],
    passwords: ['owner-pass', 'admin-pass'],
    plans: REGISTRATION_PLANS.map((plan) => plan.key),
    amounts: REGISTRATION_PLANS.flatMap((plan) => [plan.amount, plan.price]),
  };

  // What the callers look like at the start; a call that succeeds may change them (delete the
  // owner, disable the admin, sign out, change a password), so they are put back after it.
  const originals = {
    owners: await db
      .selectFrom('owners')
      .selectAll()
      .where('id', 'in', [owner.id, pendingOwner.id])
      .execute(),
    admins: await db.selectFrom('admins').selectAll().where('id', 'in', [admin.id, superAdmin.id]).execute(),
    memberships: await db
      .selectFrom('memberships')
      .selectAll()
      .where('accountId', '=', owner.accountId)
      .execute(),
    persons: await db
      .selectFrom('persons')
      .selectAll()
      .where('id', 'in', [
        await ownerPersonId(server, owner.id),
        await ownerPersonId(server, pendingOwner.id),
      ])
      .execute(),
  };
  const tokens = {} as Record<
    'owner' | 'pendingOwner' | 'staff' | 'otherAccountOwner' | 'admin' | 'superAdmin',
    string
  >;
  const subjects = {
    owner: ['owner', await ownerPersonId(server, owner.id)],
    pendingOwner: ['owner', await ownerPersonId(server, pendingOwner.id)],
    staff: ['owner', staff.id],
    otherAccountOwner: ['owner', await ownerPersonId(server, otherAccount.id)],
    admin: ['admin', admin.id],
    superAdmin: ['admin', superAdmin.id],
  } as const;
  // Only a token that no longer works is replaced: new sessions on every heal would grow the
  // sessions table, and with it the cost of every checksum.
  const issueTokens = async () => {
    for (const [actor, [kind, id]] of Object.entries(subjects) as [
      keyof typeof tokens,
      (typeof subjects)[keyof typeof subjects],
    ][]) {
      const live = tokens[actor] ? await server.deps.tokens.verify(kind, tokens[actor]) : undefined;
      if (!live) tokens[actor] = (await server.deps.tokens.issue(kind, id)).token;
    }
  };
  await issueTokens();
  const expired = (
    await createTokenService(
      db,
      server.config.tokenSecret,
      () => new Date(Date.now() - 40 * 86_400_000),
    ).issue('owner', await ownerPersonId(server, owner.id))
  ).token;
  const disabledToken = (await server.deps.tokens.issue('admin', disabled.id)).token;
  const deletedToken = (await issueOwnerToken(server, deleted.id)).token;
  const badTokens = (): string[] => [
    'Bearer ',
    'Bearer not-a-token',
    'Bearer a.b.c',
    `Bearer ${tokens.owner.slice(0, -4)}AAAA`,
    `bearer ${tokens.admin}`,
    tokens.admin,
    `Bearer ${tokens.admin} extra`,
    `Basic ${Buffer.from('admin:admin-pass').toString('base64')}`,
    `Bearer ${expired}`,
    `Bearer ${disabledToken}`,
    `Bearer ${deletedToken}`,
    `Bearer ${'a'.repeat(8_000)}`,
    'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.',
  ];

  const heal = async () => {
    for (const row of originals.owners) {
      const { id, searchText: _generated, createdAt: _created, ...columns } = row;
      await db.updateTable('owners').set(columns).where('id', '=', id).execute();
    }
    // A team change that went through (a member removed or moved) is put back, and anyone it added goes.
    await db
      .deleteFrom('memberships')
      .where('accountId', '=', owner.accountId)
      .where(
        'personId',
        'not in',
        originals.memberships.map((m) => m.personId),
      )
      .execute();
    for (const row of originals.memberships) {
      await db
        .insertInto('memberships')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['accountId', 'personId']).doUpdateSet({ role: row.role, businessIds: row.businessIds }),
        )
        .execute();
    }
    for (const row of originals.persons) {
      const { id, createdAt: _created, ...columns } = row;
      await db.updateTable('persons').set(columns).where('id', '=', id).execute();
    }
    for (const row of originals.admins) {
      const { id, createdAt: _created, ...columns } = row;
      await db.updateTable('admins').set(columns).where('id', '=', id).execute();
    }
    await issueTokens();
  };

  const credential = (actor: TActor, pick: number): Record<string, string> => {
    if (actor === 'anonymous') return {};
    if (actor === 'badToken') {
      const list = badTokens();
      return { authorization: list[pick % list.length]! };
    }
    // Another account's owner always names the owner's branch: every answer must be a refusal.
    if (actor === 'otherAccountOwner') {
      return { authorization: `Bearer ${tokens[actor]}`, 'x-business-id': String(owner.id) };
    }
    return { authorization: `Bearer ${tokens[actor]}` };
  };

  const checksummer = await createChecksummer(db);
  // The database's WAL position moves with every write (a rolled-back one too): while it stands
  // still, the tables are as they were and their checksums need no new read. A read that moved it
  // without changing data (a hint bit, a rollback) only costs the checksum it would have cost anyway.
  const walPosition = async () =>
    (await sql<{ lsn: string }>`select pg_current_wal_insert_lsn()::text as lsn`.execute(db)).rows[0]!.lsn;
  let known: { checksums: TChecksums; at: string } | undefined;
  const checksumsNow = async (): Promise<{ checksums: TChecksums; at: string }> => {
    const at = await walPosition();
    if (known?.at === at) return known;
    // The position read before the checksums: a write after it moves it, so nothing stale is kept.
    return { checksums: await checksummer.read(), at };
  };
  const stats = {
    cases: 0,
    byStatus: {} as Record<string, number>,
    byOperation: {} as Record<string, Record<string, number>>,
    msByOperation: {} as Record<string, number>,
  };

  const run = async (plan: TRequestPlan) => {
    const request: TFuzzRequest = {
      ...plan.request,
      headers: { ...plan.request.headers, ...credential(plan.actor, plan.badToken) },
    };
    const startedAt = performance.now();
    // Review page views are written by a timer (page-views.service.ts): write them out on both sides of
    // the call, so a view lands in the case that caused it.
    await server.deps.pageViews.flush();
    const before = await checksumsNow();
    logged.length = 0;
    const copies = plan.copies ?? 1;
    const responses = await Promise.all(
      Array.from({ length: copies }, () =>
        server.app.inject({
          method: request.method as 'GET',
          url: request.url,
          headers: request.headers,
          ...(request.payload !== undefined ? { payload: request.payload } : {}),
        }),
      ),
    );
    const transport = plan.operation.startsWith('trpc') ? 'trpc' : 'rest';
    const asksForPage = (request.headers.accept ?? '').includes('text/html');
    const violations: string[] = [];
    for (const response of responses) {
      stats.cases += 1;
      stats.byStatus[response.statusCode] = (stats.byStatus[response.statusCode] ?? 0) + 1;
      const forOperation = stats.byOperation[plan.operation] ?? {};
      stats.byOperation[plan.operation] = forOperation;
      forOperation[response.statusCode] = (forOperation[response.statusCode] ?? 0) + 1;
      violations.push(...responseViolations(response, transport, plan.page === true && asksForPage));
    }
    const refused = responses.every((response) => response.statusCode >= 400 && response.statusCode < 500);
    await server.deps.pageViews.flush();
    if (refused) {
      known = before;
      const after = await checksumsNow();
      const allowed = SIGN_IN_STEPS.test(plan.operation) ? ['admins#bookkeeping'] : [];
      const changed = changedTables(before.checksums, after.checksums, allowed);
      const statuses = responses.map((response) => response.statusCode).join(', ');
      if (changed.length > 0) violations.push(`a refused call (${statuses}) changed: ${changed.join(', ')}`);
      known = after;
    } else {
      // A call that went through may have changed the callers: put them back, read afresh next time.
      known = undefined;
      if (responses.some((response) => response.statusCode < 400)) await heal();
    }
    stats.msByOperation[plan.operation] =
      (stats.msByOperation[plan.operation] ?? 0) + performance.now() - startedAt;
    const response = responses.find((r) => r.statusCode >= 500) ?? responses[0]!;
    if (violations.length > 0) {
      throw new Error(
        [
          `${plan.operation} as ${plan.actor}${copies > 1 ? ` (${copies} at once)` : ''}: ${[...new Set(violations)].join('; ')}`,
          describeRequest(request),
          `answer: ${response.statusCode} ${response.body.slice(0, 1_000)}`,
          plan.input ? `input made: ${plan.input.how}` : '',
          logged.length > 0 ? `server log:\n${logged.join('\n')}` : '',
        ].join('\n'),
      );
    }
  };

  const callerOf: Record<string, TActor> = {
    public: 'anonymous',
    owner: 'owner',
    owner_or_api_key: 'owner',
    admin: 'admin',
    super_admin: 'superAdmin',
  };
  const sweep = async (reads: { path: string; auth: string }[], after: string) => {
    const broken: string[] = [];
    for (const read of reads) {
      const url = `/trpc/${read.path}?input=${encodeURIComponent('{}')}`;
      const headers = credential(callerOf[read.auth] ?? 'anonymous', 0);
      logged.length = 0;
      const response = await server.app.inject({ method: 'GET', url, headers });
      const violations = responseViolations(response, 'trpc');
      if (violations.length > 0) {
        broken.push(
          [
            `reading ${read.path} after fuzzing ${after}: ${violations.join('; ')}`,
            `answer: ${response.statusCode} ${response.body.slice(0, 600)}`,
            logged.length > 0 ? `server log:\n${logged.join('\n')}` : '',
          ].join('\n'),
        );
      }
    }
    return broken;
  };

  return {
    server,
    fixtures,
    stats,
    run,
    sweep,
    close: () => server.stop(),
  };
}

/**
 * fc.assert with the seed and the replay path in the failure: `FUZZ_SEED=… FUZZ_PATH=…` plus a
 * filter on the operation reproduces the shrunk case.
 */
export async function assertProperty<T>(
  name: string,
  arbitrary: fc.Arbitrary<T>,
  check: (value: T) => Promise<void>,
  settings: { seed: number; numRuns: number; path?: string | undefined },
): Promise<void> {
  const details = await fc.check(fc.asyncProperty(arbitrary, check), {
    seed: settings.seed,
    numRuns: settings.numRuns,
    ...(settings.path ? { path: settings.path } : {}),
    endOnFailure: false,
    // A guard against a runaway (e.g. a shrink of a slow case), never reached by a normal run.
    interruptAfterTimeLimit: 300_000,
    markInterruptAsFailure: false,
  });
  if (details.failed) {
    const cause =
      details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    throw new Error(
      [
        `fuzz failure in ${name}`,
        `reproduce: FUZZ_SEED=${details.seed} FUZZ_PATH=${details.counterexamplePath} FUZZ_ONLY='${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}'`,
        cause,
      ].join('\n'),
    );
  }
}
