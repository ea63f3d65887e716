import { CASE_LIST_TEXTS, CASE_TEXTS } from '@starloop/contract';
import { findOwnerById, type TOwnerPublic } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createChain, type TChain } from '../../test/accounts-kit.ts';
import { expectRestError } from '../../test/client-kit.ts';
import { bearer } from '../../test/requests-kit.ts';
import { createTestServer, type TTestServer } from '../../test/test-server.ts';
import { storeReviews } from '../public/review/review-writer.service.ts';

/** An IST wall-clock time as an instant. */
const ist = (local: string) => new Date(`${local}+05:30`);

type TListed = { id: number; businessId: number; rating: number; status: string; channel: string };

/** The inbox's server side (issue 33 item 7): its filters, bulk changes and the assignee list. */
describe(`the feedback inbox on ${testDriverName()}`, () => {
  let server: TTestServer;
  let clock: Date = ist('2026-12-01T12:00:00');
  let chain: TChain;
  let branchA: TOwnerPublic;
  let branchB: TOwnerPublic;
  let requestSeq = 0;

  beforeAll(async () => {
    server = await createTestServer({}, { now: () => clock });
    chain = await createChain(server, { branches: 2, name: 'Inbox Cafe' });
    [branchA, branchB] = chain.branches as [TOwnerPublic, TOwnerPublic];
  });
  afterAll(async () => {
    await server?.stop();
  });

  const api = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: unknown) =>
    server.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...bearer(token), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
  const list = async (token: string, query: string): Promise<TListed[]> => {
    const res = await api('GET', `/cases?limit=100&${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().cases;
  };
  const ids = (rows: { id: number }[]) => rows.map((row) => row.id).sort((a, b) => a - b);

  /** A review stored the way the review writer does (its case opens with it); the case's id. */
  const openCase = async (
    businessId: number,
    review: { rating: number; message?: string; createdAt?: Date; fromRequest?: boolean },
  ): Promise<number> => {
    const owner = (await findOwnerById(server.deps.db, businessId))!;
    const [row] = await server.deps.db.transaction().execute((trx) =>
      storeReviews(server.deps, trx, [
        {
          owner,
          rating: review.rating,
          message: review.message ?? `A ${review.rating}-star visit`,
          createdAt: review.createdAt ?? clock,
        },
      ]),
    );
    if (review.fromRequest) {
      // The request's short link left its id on the review (as the review writer does for ?p=<token>).
      requestSeq += 1;
      const request = await server.deps.db
        .insertInto('reviewRequests')
        .values({
          ownerId: businessId,
          token: `Inbox${String(requestSeq).padStart(5, '0')}`,
          category: 'service',
          sendAt: clock,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await server.deps.db
        .updateTable('reviews')
        .set({ reviewRequestId: request.id })
        .where('id', '=', row!.id)
        .execute();
    }
    const kase = await server.deps.db
      .selectFrom('cases')
      .select('id')
      .where('reviewId', '=', row!.id)
      .executeTakeFirstOrThrow();
    return Number(kase.id);
  };

  it('filters by open status, rating, channel and overdue, alone and together', async () => {
    const shop = await createChain(server, { branches: 2, name: 'Filter Dhaba' });
    const [one, two] = shop.branches as [TOwnerPublic, TOwnerPublic];
    // Due two business hours after 10:00 IST on Monday 30 November: 12:00.
    const monday = ist('2026-11-30T10:00:00');
    const oldQr = await openCase(one.id, { rating: 1, createdAt: monday });
    const oldRequest = await openCase(one.id, { rating: 2, createdAt: monday, fromRequest: true });
    const answered = await openCase(two.id, { rating: 2, createdAt: monday });
    const fresh = await openCase(two.id, { rating: 3, createdAt: ist('2026-12-01T11:00:00') });
    const resolved = await openCase(one.id, { rating: 1, createdAt: monday, fromRequest: true });
    const token = shop.ownerToken;
    expect((await api('POST', `/cases/${answered}/notes`, token, { text: 'Called back' })).statusCode).toBe(
      201,
    );
    for (const change of [{ status: 'in_progress' }, { status: 'resolved', outcome: 'recovered' }]) {
      expect((await api('PATCH', `/cases/${resolved}`, token, change)).statusCode).toBe(200);
    }

    const all = await list(token, '');
    expect(ids(all)).toEqual(
      ids([{ id: oldQr }, { id: oldRequest }, { id: answered }, { id: fresh }, { id: resolved }]),
    );
    expect(Object.fromEntries(all.map((c) => [c.id, c.channel]))).toEqual({
      [oldQr]: 'qr',
      [oldRequest]: 'request',
      [answered]: 'qr',
      [fresh]: 'qr',
      [resolved]: 'request',
    });
    expect(ids(await list(token, 'status=open'))).toEqual(
      ids([{ id: oldQr }, { id: oldRequest }, { id: answered }, { id: fresh }]),
    );
    expect(ids(await list(token, 'status=resolved'))).toEqual([resolved]);
    expect(ids(await list(token, 'rating=1'))).toEqual(ids([{ id: oldQr }, { id: resolved }]));
    expect(ids(await list(token, 'channel=request'))).toEqual(ids([{ id: oldRequest }, { id: resolved }]));
    expect(ids(await list(token, 'channel=qr'))).toEqual(
      ids([{ id: oldQr }, { id: answered }, { id: fresh }]),
    );
    // No Google case can exist before Google reviews open cases: the filter answers none.
    expect(await list(token, 'channel=google')).toEqual([]);

    // At 12:00 IST on 1 December the Monday cases are past due; the answered and resolved ones
    // (their first response is in) and the fresh one (due at 13:00) are not overdue.
    const overdue = await list(token, 'overdue=true');
    expect(ids(overdue)).toEqual(ids([{ id: oldQr }, { id: oldRequest }]));
    expect(ids(await list(token, 'overdue=false'))).toEqual(
      ids([{ id: answered }, { id: fresh }, { id: resolved }]),
    );
    // Read with the server's clock: an hour later the fresh case is overdue too.
    try {
      clock = ist('2026-12-01T13:01:00');
      expect(ids(await list(token, 'overdue=true'))).toEqual(
        ids([{ id: oldQr }, { id: oldRequest }, { id: fresh }]),
      );
    } finally {
      clock = ist('2026-12-01T12:00:00');
    }

    // Together, and with a branch.
    expect(ids(await list(token, 'status=open&channel=qr&overdue=true'))).toEqual([oldQr]);
    expect(ids(await list(token, `businessId=${two.id}&rating=3&status=open`))).toEqual([fresh]);
    expect(await list(token, `businessId=${one.id}&rating=3`)).toEqual([]);
    const paged = (await api('GET', '/cases?status=open&limit=1&page=2', token)).json();
    expect(paged.meta).toMatchObject({ total: 4, page: 2, limit: 1, totalPages: 4 });
    expect(paged.cases).toHaveLength(1);

    // Over tRPC, the same operation with JSON values.
    const trpc = await server.app.inject({
      method: 'GET',
      url: `/trpc/owner.cases.list?input=${encodeURIComponent(JSON.stringify({ overdue: true, rating: 2, channel: 'request' }))}`,
      headers: bearer(token),
    });
    expect(trpc.statusCode, trpc.body).toBe(200);
    expect(trpc.json().result.data.cases.map((c: TListed) => c.id)).toEqual([oldRequest]);
  });

  it('refuses a filter it does not know with its message, and changes nothing', async () => {
    for (const [query, message] of [
      ['rating=6', CASE_LIST_TEXTS.ratingInvalid],
      ['rating=0', CASE_LIST_TEXTS.ratingInvalid],
      ['rating=2.5', CASE_LIST_TEXTS.ratingInvalid],
      ['channel=sms', CASE_LIST_TEXTS.channelInvalid],
      ['overdue=yes', CASE_LIST_TEXTS.overdueInvalid],
      ['status=done', CASE_LIST_TEXTS.statusFilterInvalid],
    ] as const) {
      expectRestError(await api('GET', `/cases?${query}`, chain.ownerToken), 400, message);
    }
  });

  it('changes many cases at once under the rules of one, and says which were not changed and why', async () => {
    const staffA = await addMember(server, chain.accountId, 'staff', [branchA.id]);
    const a1 = await openCase(branchA.id, { rating: 1 });
    const a2 = await openCase(branchA.id, { rating: 2 });
    const b1 = await openCase(branchB.id, { rating: 3 });
    const other = await createChain(server, { branches: 1, name: 'Rival Inbox' });
    const foreign = await openCase(other.first.id, { rating: 1 });

    const assign = await api('POST', '/cases/bulk', chain.ownerToken, {
      ids: [a1, b1, foreign, a2, a1, 999_999_999],
      assigneeId: staffA.personId,
    });
    expect(assign.statusCode, assign.body).toBe(200);
    expect(assign.json()).toEqual({
      results: [
        { id: a1, ok: true, message: null },
        { id: b1, ok: false, message: CASE_TEXTS.assigneeOutOfScope },
        { id: foreign, ok: false, message: CASE_TEXTS.notFound },
        { id: a2, ok: true, message: null },
        { id: 999_999_999, ok: false, message: CASE_TEXTS.notFound },
      ],
      updated: 2,
    });
    const read = async (id: number, token = chain.ownerToken) =>
      (await api('GET', `/cases/${id}`, token)).json();
    for (const id of [a1, a2]) {
      const kase = await read(id);
      expect(kase.assigneeId).toBe(staffA.personId);
      // Once each, with who did it, though a1 was named twice.
      expect(kase.timeline.filter((e: { kind: string }) => e.kind === 'assigned')).toEqual([
        expect.objectContaining({ assigneeId: staffA.personId, actorId: chain.ownerPersonId }),
      ]);
    }
    expect((await read(b1)).assigneeId).toBeNull();
    expect((await read(foreign, other.ownerToken)).assigneeId).toBeNull();

    // Resolving: a new case cannot jump to resolved (the same 409 message as PATCH), a started one can.
    expect((await api('PATCH', `/cases/${a2}`, chain.ownerToken, { status: 'in_progress' })).statusCode).toBe(
      200,
    );
    const resolve = await api('POST', '/cases/bulk', chain.ownerToken, {
      ids: [a1, a2],
      status: 'resolved',
      outcome: 'recovered',
    });
    expect(resolve.json()).toEqual({
      results: [
        { id: a1, ok: false, message: CASE_TEXTS.transitionRefused('new', 'resolved') },
        { id: a2, ok: true, message: null },
      ],
      updated: 1,
    });
    expect(await read(a1)).toMatchObject({ status: 'new', outcome: null, firstResponseAt: null });
    expect(await read(a2)).toMatchObject({ status: 'resolved', outcome: 'recovered' });
    // Resolving without an outcome is refused per case too; asking again for what is already so is
    // ok and writes nothing.
    expect((await api('PATCH', `/cases/${a1}`, chain.ownerToken, { status: 'in_progress' })).statusCode).toBe(
      200,
    );
    const noOutcome = await api('POST', '/cases/bulk', chain.ownerToken, { ids: [a1], status: 'resolved' });
    expect(noOutcome.json().results).toEqual([{ id: a1, ok: false, message: CASE_TEXTS.outcomeRequired }]);
    expect((await read(a1)).status).toBe('in_progress');
    const before = (await read(a2)).timeline.length;
    const same = await api('POST', '/cases/bulk', chain.ownerToken, {
      ids: [a2],
      status: 'resolved',
      outcome: 'recovered',
    });
    expect(same.json()).toEqual({ results: [{ id: a2, ok: true, message: null }], updated: 1 });
    expect((await read(a2)).timeline).toHaveLength(before);

    // Staff of branch A: branch B's case is out of reach, and reads as not found.
    const staffAssign = await api('POST', '/cases/bulk', staffA.token, {
      ids: [b1, a1],
      status: 'resolved',
      outcome: 'no_reply',
    });
    expect(staffAssign.json().results).toEqual([
      { id: b1, ok: false, message: CASE_TEXTS.notFound },
      { id: a1, ok: true, message: null },
    ]);
    expect((await read(b1)).status).toBe('new');
    expect((await read(a1)).timeline.at(-1)).toMatchObject({
      toStatus: 'resolved',
      actorId: staffA.personId,
    });
    // "Assign to me" from a staff member.
    const mine = await api('POST', '/cases/bulk', staffA.token, { ids: [a1], assigneeId: staffA.personId });
    expect(mine.json().updated).toBe(1);
  });

  it('refuses a bulk change with no case, too many, or nothing to change (400), before touching any', async () => {
    const id = await openCase(branchA.id, { rating: 2 });
    const cases = (n: number) => Array.from({ length: n }, () => id);
    expectRestError(
      await api('POST', '/cases/bulk', chain.ownerToken, { ids: [], status: 'in_progress' }),
      400,
      CASE_LIST_TEXTS.idsRequired,
    );
    expectRestError(
      await api('POST', '/cases/bulk', chain.ownerToken, { status: 'in_progress' }),
      400,
      CASE_LIST_TEXTS.idsRequired,
    );
    expectRestError(
      await api('POST', '/cases/bulk', chain.ownerToken, { ids: cases(101), status: 'in_progress' }),
      400,
      CASE_LIST_TEXTS.idsTooMany,
    );
    expectRestError(
      await api('POST', '/cases/bulk', chain.ownerToken, { ids: [id] }),
      400,
      CASE_TEXTS.nothingToChange,
    );
    expectRestError(
      await api('POST', '/cases/bulk', chain.ownerToken, { ids: [id], status: 'done' }),
      400,
      CASE_TEXTS.statusInvalid,
    );
    const hundred = await api('POST', '/cases/bulk', chain.ownerToken, {
      ids: cases(100),
      status: 'in_progress',
    });
    expect(hundred.json()).toEqual({ results: [{ id, ok: true, message: null }], updated: 1 });
    const kase = (await api('GET', `/cases/${id}`, chain.ownerToken)).json();
    expect(kase.timeline.map((e: { kind: string }) => e.kind)).toEqual(['opened', 'status']);
  });

  it('lists who cases may be assigned to: the members of the caller’s branches, and the caller', async () => {
    const team = await createChain(server, { branches: 2, name: 'Team Tiffin' });
    const [one, two] = team.branches as [TOwnerPublic, TOwnerPublic];
    const managerAll = await addMember(server, team.accountId, 'manager');
    const staffOne = await addMember(server, team.accountId, 'staff', [one.id]);
    const staffTwo = await addMember(server, team.accountId, 'staff', [two.id]);

    const assignees = async (token: string) => {
      const res = await api('GET', '/cases/assignees', token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const owner = await assignees(team.ownerToken);
    expect(owner.meId).toBe(team.ownerPersonId);
    expect(owner.assignees.map((a: { personId: number }) => a.personId)).toEqual([
      team.ownerPersonId,
      managerAll.personId,
      staffOne.personId,
      staffTwo.personId,
    ]);
    expect(owner.assignees[2]).toEqual({
      personId: staffOne.personId,
      name: expect.any(String),
      role: 'staff',
      businessIds: [one.id],
    });
    // No phone or email reaches the list.
    expect(JSON.stringify(owner)).not.toContain(staffOne.phone);

    // Staff of branch one see the people who work on it, not branch two's staff.
    const staff = await assignees(staffOne.token);
    expect(staff.meId).toBe(staffOne.personId);
    expect(staff.assignees.map((a: { personId: number }) => a.personId)).toEqual([
      team.ownerPersonId,
      managerAll.personId,
      staffOne.personId,
    ]);

    // An API key acts with no person.
    const created = await server.app.inject({
      method: 'POST',
      url: '/trpc/owner.integrations.apiKeys.create',
      headers: bearer(team.ownerToken),
      payload: { name: 'helpdesk' },
    });
    const key = created.json().result.data.key as string;
    expect((await assignees(key)).meId).toBeNull();

    // Another account's owner sees only their own people.
    const rival = await createChain(server, { branches: 1, name: 'Rival Tiffin' });
    expect(
      (await assignees(rival.ownerToken)).assignees.map((a: { personId: number }) => a.personId),
    ).toEqual([rival.ownerPersonId]);
  });

  it('refuses the inbox paths without a live owner token or API key (401)', async () => {
    for (const [method, url] of [
      ['POST', '/api/v1/cases/bulk'],
      ['GET', '/api/v1/cases/assignees'],
    ] as const) {
      for (const headers of [{}, bearer('not-a-token'), bearer('sk_live_not_a_real_key')]) {
        const res = await server.app.inject({ method, url, headers });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
    }
  });
});
