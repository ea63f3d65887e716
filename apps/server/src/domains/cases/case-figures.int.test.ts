import {
  ACCOUNT_TEXTS,
  addBusinessMinutes,
  CASE_FIGURES_TEXTS,
  PLACEMENT_TEXTS,
  type TCaseFigures,
  type TCaseFigureValues,
  type TCaseOutcome,
  type TCaseStatus,
  ZCaseFigures,
} from '@starloop/contract';
import { findOwnerById } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createChain, type TChain } from '../../test/accounts-kit.ts';
import { addressSequence, expectRestError, postJson } from '../../test/client-kit.ts';
import { bearer } from '../../test/requests-kit.ts';
import { createTestServer, type TTestServer } from '../../test/test-server.ts';
import { storeReviews } from '../public/review/review-writer.service.ts';

/** An IST wall-clock time as an instant. */
const ist = (local: string) => new Date(`${local}+05:30`);
const MINUTE = 60_000;
const freshIp = addressSequence('10.34');

/*
 * What the owner learns (issue 33 item 8): every figure of GET /api/v1/cases/figures against a
 * direct count of the seeded cases on a fixed clock, and the account's first-response target.
 */
describe(`feedback case figures on ${testDriverName()}`, () => {
  let server: TTestServer;
  let clock: Date | null = null;
  let chain: TChain;
  let p1: Awaited<ReturnType<typeof addMember>>;
  let p2: Awaited<ReturnType<typeof addMember>>;
  let staffB: Awaited<ReturnType<typeof addMember>>;
  const NOW = ist('2026-12-10T12:00:00'); // a Thursday

  beforeAll(async () => {
    server = await createTestServer({}, { now: () => clock ?? new Date() });
    chain = await createChain(server, { branches: 2, name: 'Figures Cafe' });
    p1 = await addMember(server, chain.accountId, 'manager');
    p2 = await addMember(server, chain.accountId, 'staff');
    staffB = await addMember(server, chain.accountId, 'staff', [chain.branches[1]!.id]);
    await seed();
    clock = NOW;
  });
  afterAll(async () => {
    await server?.stop();
  });

  const db = () => server.deps.db;
  const api = (method: 'GET' | 'PUT', url: string, token: string, payload?: unknown) =>
    server.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...bearer(token), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });

  interface TSeed {
    branch: 0 | 1;
    at: string;
    /** Minutes to the first response; none when left out. */
    respondedAfter?: number;
    status?: TCaseStatus;
    outcome?: TCaseOutcome;
    assignee?: 'p1' | 'p2';
  }
  /** The cases: in the last 30 days (a1-a4 on the first branch, b1-b2 on the second) and two from October. */
  const SEEDS: Record<string, TSeed> = {
    a1: {
      branch: 0,
      at: '2026-12-01T10:00:00',
      respondedAfter: 30,
      status: 'resolved',
      outcome: 'recovered',
      assignee: 'p1',
    },
    a2: {
      branch: 0,
      at: '2026-12-02T10:00:00',
      respondedAfter: 90,
      status: 'resolved',
      outcome: 'not_recovered',
      assignee: 'p1',
    },
    // No response, due 12:00 that day: overdue now.
    a3: { branch: 0, at: '2026-12-03T10:00:00', assignee: 'p2' },
    a4: { branch: 0, at: '2026-12-09T11:00:00', respondedAfter: 10, status: 'in_progress' },
    b1: {
      branch: 1,
      at: '2026-12-05T10:00:00',
      respondedAfter: 60,
      status: 'resolved',
      outcome: 'recovered',
      assignee: 'p2',
    },
    // Due at 13:00 today: not overdue yet at 12:00.
    b2: { branch: 1, at: '2026-12-10T11:00:00' },
    // Before the range: o1 is overdue now (counted as overdue only), o2 is done (not counted at all).
    o1: { branch: 0, at: '2026-10-01T10:00:00', assignee: 'p1' },
    o2: {
      branch: 1,
      at: '2026-10-01T11:00:00',
      respondedAfter: 20,
      status: 'resolved',
      outcome: 'recovered',
    },
  };
  const caseIds: Record<string, number> = {};

  async function seed() {
    for (const [key, s] of Object.entries(SEEDS)) {
      const owner = (await findOwnerById(db(), chain.branches[s.branch]!.id))!;
      const createdAt = ist(s.at);
      const [review] = await db()
        .transaction()
        .execute((trx) =>
          storeReviews(server.deps, trx, [{ owner, rating: 2, message: `Case ${key}`, createdAt }]),
        );
      const kase = await db()
        .selectFrom('cases')
        .select('id')
        .where('reviewId', '=', review!.id)
        .executeTakeFirstOrThrow();
      caseIds[key] = Number(kase.id);
      const assignee = s.assignee === 'p1' ? p1.personId : s.assignee === 'p2' ? p2.personId : null;
      await db()
        .updateTable('cases')
        .set({
          status: s.status ?? 'new',
          outcome: s.outcome ?? null,
          assigneePersonId: assignee,
          firstResponseAt:
            s.respondedAfter === undefined ? null : new Date(createdAt.getTime() + s.respondedAfter * MINUTE),
          resolvedAt: s.status === 'resolved' ? new Date(createdAt.getTime() + 120 * MINUTE) : null,
        })
        .where('id', '=', kase.id)
        .execute();
    }
  }

  /**
   * The figures straight from the rows: counts with plain SQL, the median from the sorted minutes.
   * `assignee`: only the cases of that person (null: unassigned); left out, every case.
   */
  async function directFigures(
    ownerIds: number[],
    range: { from: Date; before: Date },
    assignee?: number | null,
  ): Promise<TCaseFigureValues> {
    const ofScope = () => {
      const q = db().selectFrom('cases').where('ownerId', 'in', ownerIds);
      if (assignee === undefined) return q;
      return assignee === null
        ? q.where('assigneePersonId', 'is', null)
        : q.where('assigneePersonId', '=', assignee);
    };
    const inRange = () =>
      ofScope().where('createdAt', '>=', range.from).where('createdAt', '<', range.before);
    const count = async (q: ReturnType<typeof ofScope>) =>
      Number((await q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n);
    const cases = await count(inRange());
    const resolved = await count(inRange().where('status', '=', 'resolved'));
    const recovered = await count(
      inRange().where('status', '=', 'resolved').where('outcome', '=', 'recovered'),
    );
    const overdue = await count(ofScope().where('firstResponseAt', 'is', null).where('dueAt', '<', NOW));
    const responded = await inRange()
      .select(['createdAt', 'firstResponseAt'])
      .where('firstResponseAt', 'is not', null)
      .execute();
    const minutes = responded
      .map((r) => (new Date(r.firstResponseAt!).getTime() - new Date(r.createdAt).getTime()) / MINUTE)
      .sort((a, b) => a - b);
    const mid = minutes.length / 2;
    const median =
      minutes.length === 0
        ? null
        : minutes.length % 2
          ? minutes[Math.floor(mid)]!
          : (minutes[mid - 1]! + minutes[mid]!) / 2;
    return {
      cases,
      responded: minutes.length,
      medianFirstResponseMinutes: median,
      resolved,
      resolutionRate: cases ? resolved / cases : null,
      recovered,
      recoveryRate: resolved ? recovered / resolved : null,
      overdue,
    };
  }

  const last30 = { from: ist('2026-11-11T00:00:00'), before: ist('2026-12-11T00:00:00') };
  const figures = async (token: string, query = ''): Promise<TCaseFigures> => {
    const res = await api('GET', `/cases/figures${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return ZCaseFigures.parse(res.json());
  };

  it('overall, per branch and per person over the last 30 IST days, each equal to a direct count', async () => {
    const [a, b] = chain.branches.map((x) => x.id) as [number, number];
    const answer = await figures(chain.ownerToken);
    expect(answer).toMatchObject({ from: '2026-11-11', to: '2026-12-10' });

    // The seeded story, by hand: 6 cases in range, responses after 10, 30, 60 and 90 minutes.
    expect(answer.overall).toEqual({
      cases: 6,
      responded: 4,
      medianFirstResponseMinutes: 45,
      resolved: 3,
      resolutionRate: 0.5,
      recovered: 2,
      recoveryRate: 2 / 3,
      overdue: 2,
    });
    // And every figure against the rows themselves.
    expect(answer.overall).toEqual(await directFigures([a, b], last30));
    const branch = (id: number) => answer.branches.find((x) => x.businessId === id)!;
    expect(answer.branches.map((x) => x.businessId).sort()).toEqual([a, b].sort());
    expect(branch(a)).toMatchObject({
      ...(await directFigures([a], last30)),
      name: chain.branches[0]!.businessName,
    });
    expect(branch(a)).toMatchObject({
      cases: 4,
      medianFirstResponseMinutes: 30,
      overdue: 2,
      recoveryRate: 0.5,
    });
    expect(branch(b)).toMatchObject({
      ...(await directFigures([b], last30)),
      name: chain.branches[1]!.businessName,
    });
    expect(branch(b)).toMatchObject({
      cases: 2,
      medianFirstResponseMinutes: 60,
      overdue: 0,
      recoveryRate: 1,
    });

    const person = (id: number | null) => answer.people.find((x) => x.personId === id)!;
    expect(person(p1.personId)).toMatchObject({
      ...(await directFigures([a, b], last30, p1.personId)),
      cases: 2,
      medianFirstResponseMinutes: 60,
      resolutionRate: 1,
      overdue: 1,
    });
    expect(person(p1.personId).name).toMatch(/^Member /);
    expect(person(p2.personId)).toMatchObject({
      ...(await directFigures([a, b], last30, p2.personId)),
      cases: 2,
      overdue: 1,
    });
    expect(person(null)).toMatchObject({
      ...(await directFigures([a, b], last30, null)),
      cases: 2,
      name: null,
      medianFirstResponseMinutes: 10,
      resolved: 0,
      resolutionRate: 0,
      recoveryRate: null,
    });
    // Unassigned comes last.
    expect(answer.people.at(-1)!.personId).toBeNull();
    expect(answer.people).toHaveLength(3);
  });

  it('a chosen range and branch; overdue is always now; bad ranges are a 400', async () => {
    const [a, b] = chain.branches.map((x) => x.id) as [number, number];
    const october = { from: ist('2026-10-01T00:00:00'), before: ist('2026-10-02T00:00:00') };
    const answer = await figures(chain.ownerToken, '?from=2026-10-01&to=2026-10-01');
    expect(answer.overall).toEqual(await directFigures([a, b], october));
    expect(answer.overall).toMatchObject({
      cases: 2,
      responded: 1,
      medianFirstResponseMinutes: 20,
      overdue: 2,
    });
    // A branch with nothing in the range but an overdue case is still listed.
    const one = await figures(chain.ownerToken, `?businessId=${a}&from=2026-12-04&to=2026-12-10`);
    expect(one.branches.map((x) => x.businessId)).toEqual([a]);
    expect(one.overall).toEqual(
      await directFigures([a], { from: ist('2026-12-04T00:00:00'), before: ist('2026-12-11T00:00:00') }),
    );
    expect(one.overall).toMatchObject({ cases: 1, overdue: 2 });

    expectRestError(
      await api('GET', '/cases/figures?from=2026-12-10&to=2026-12-01', chain.ownerToken),
      400,
      PLACEMENT_TEXTS.rangeReversed,
    );
    expectRestError(
      await api('GET', '/cases/figures?from=2026-02-30', chain.ownerToken),
      400,
      PLACEMENT_TEXTS.dateInvalid,
    );
    expectRestError(
      await api('GET', '/cases/figures?from=2025-01-01&to=2026-12-10', chain.ownerToken),
      400,
      PLACEMENT_TEXTS.rangeTooLong,
    );
    expectRestError(
      await api('GET', '/cases/figures?businessId=abc', chain.ownerToken),
      400,
      CASE_FIGURES_TEXTS.businessIdInvalid,
    );
  });

  it('staff and managers see only their branches; another account sees none of these', async () => {
    const b = chain.branches[1]!.id;
    const answer = await figures(staffB.token);
    expect(answer.branches.map((x) => x.businessId)).toEqual([b]);
    expect(answer.overall).toEqual(await directFigures([b], last30));
    expect(answer.people.map((p) => p.personId)).toEqual([p2.personId, null]);
    expectRestError(
      await api('GET', `/cases/figures?businessId=${chain.branches[0]!.id}`, staffB.token),
      403,
      ACCOUNT_TEXTS.branchForbidden,
    );
    const other = await createChain(server, { branches: 1, name: 'Other Figures' });
    const theirs = await figures(other.ownerToken);
    expect(theirs.overall).toMatchObject({
      cases: 0,
      overdue: 0,
      medianFirstResponseMinutes: null,
      resolutionRate: null,
    });
    expect(theirs.branches).toEqual([]);
    expect(theirs.people).toEqual([]);
  });

  it('moves when a case is worked: its first response counts at once and it is no longer overdue', async () => {
    const before = await figures(chain.ownerToken);
    const res = await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/cases/${caseIds.a3}`,
      headers: { ...bearer(chain.ownerToken), 'content-type': 'application/json' },
      payload: JSON.stringify({ status: 'in_progress' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await figures(chain.ownerToken);
    expect(after.overall.responded).toBe(before.overall.responded + 1);
    expect(after.overall.overdue).toBe(before.overall.overdue - 1);
    expect(after.overall).toEqual(
      await directFigures(
        chain.branches.map((x) => x.id),
        last30,
      ),
    );
  });

  describe('the first-response target', () => {
    it('reads and sets it (owners and managers), refuses bad values and staff, and new cases use it', async () => {
      const quick = await createChain(server, { branches: 1, name: 'Target Tiffins' });
      const manager = await addMember(server, quick.accountId, 'manager');
      const staff = await addMember(server, quick.accountId, 'staff');
      expect((await api('GET', '/cases/settings', quick.ownerToken)).json()).toEqual({
        firstResponseMinutes: 120,
      });

      for (const bad of [0, 2701, 1.5, '60', null]) {
        expectRestError(
          await api('PUT', '/cases/settings', quick.ownerToken, { firstResponseMinutes: bad }),
          400,
          CASE_FIGURES_TEXTS.minutesInvalid,
        );
      }
      expectRestError(
        await api('PUT', '/cases/settings', staff.token, { firstResponseMinutes: 30 }),
        403,
        ACCOUNT_TEXTS.manageForbidden,
      );
      expect((await api('GET', '/cases/settings', quick.ownerToken)).json()).toEqual({
        firstResponseMinutes: 120,
      });
      expect((await api('GET', '/cases/settings', staff.token)).statusCode).toBe(403);

      const set = await api('PUT', '/cases/settings', manager.token, { firstResponseMinutes: 2700 });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json()).toEqual({ firstResponseMinutes: 2700 });
      const trpc = await server.app.inject({
        method: 'POST',
        url: '/trpc/owner.cases.updateSettings',
        headers: { ...bearer(quick.ownerToken), 'content-type': 'application/json' },
        payload: JSON.stringify({ firstResponseMinutes: 30 }),
      });
      expect(trpc.statusCode, trpc.body).toBe(200);
      const row = await db()
        .selectFrom('accounts')
        .select('caseResponseMinutes')
        .where('id', '=', quick.accountId)
        .executeTakeFirstOrThrow();
      expect(row.caseResponseMinutes).toBe(30);
      // Another account's target is untouched.
      expect((await api('GET', '/cases/settings', chain.ownerToken)).json()).toEqual({
        firstResponseMinutes: 120,
      });

      // A review now is due 30 business minutes later (this account was never read before: no cache).
      const submitted = await postJson(
        server,
        '/api/reviews/',
        { code: quick.first.code, rating: 1, message: 'Cold idli' },
        freshIp(),
      );
      expect(submitted.statusCode, submitted.body).toBe(201);
      const kase = await db()
        .selectFrom('cases')
        .select(['createdAt', 'dueAt'])
        .where('reviewId', '=', submitted.json().id)
        .executeTakeFirstOrThrow();
      expect(new Date(kase.dueAt).toISOString()).toBe(
        addBusinessMinutes(new Date(kase.createdAt), 30).toISOString(),
      );
    });
  });
});
