import { CASE_TEXTS, TEXT_TEXTS } from '@starloop/contract';
import { findOwnerById, type TOwnerPublic } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createChain, type TChain } from '../../test/accounts-kit.ts';
import { addressSequence, expectRestError, postJson } from '../../test/client-kit.ts';
import { bearer } from '../../test/requests-kit.ts';
import { createTestServer, type TTestServer } from '../../test/test-server.ts';
import { storeReviews } from '../public/review/review-writer.service.ts';
import { CASE_TARGET_CACHE_MS, cachedTargetLoader, openReviewCases } from './cases.listener.ts';

/** An IST wall-clock time as an instant. */
const ist = (local: string) => new Date(`${local}+05:30`);
const freshIp = addressSequence('10.33');

describe(`feedback cases on ${testDriverName()}`, () => {
  let server: TTestServer;
  /** The server's clock: the real one unless a test fixes it. */
  let clock: Date | null = null;
  let chain: TChain;
  let branchA: TOwnerPublic;
  let branchB: TOwnerPublic;

  beforeAll(async () => {
    server = await createTestServer({}, { now: () => clock ?? new Date() });
    chain = await createChain(server, { branches: 2, name: 'Case Cafe' });
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
  const submit = (code: string, rating: number, message: string, customerContact?: string) =>
    postJson(
      server,
      '/api/reviews/',
      { code, rating, message, ...(customerContact ? { customerContact } : {}) },
      freshIp(),
    );
  /** Stores a review the way the review writer does, with the server's listeners. */
  const store = async (businessId: number, review: { rating: number; message: string; createdAt?: Date }) => {
    const owner = (await findOwnerById(server.deps.db, businessId))!;
    const [row] = await server.deps.db
      .transaction()
      .execute((trx) => storeReviews(server.deps, trx, [{ owner, ...review }]));
    return row!;
  };
  const caseOf = (reviewId: number) =>
    server.deps.db.selectFrom('cases').selectAll().where('reviewId', '=', reviewId).executeTakeFirst();
  const caseIdOf = async (reviewId: number) => Number((await caseOf(reviewId))!.id);

  it('opens exactly one case per 1-3 star review under concurrent submits, and a replay opens none', async () => {
    const owner = await createChain(server, { branches: 1, name: 'Busy Dhaba' });
    const ratings = Array.from({ length: 20 }, (_, i) => (i % 5) + 1);
    const answers = await Promise.all(
      ratings.map((rating, i) => submit(owner.first.code, rating, `Visit ${i}: the food was cold`)),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    const ids = answers.map((res) => Number(res.json().id));
    const cases = await server.deps.db
      .selectFrom('cases')
      .select(['reviewId', 'rating', 'status', 'ownerId'])
      .where('ownerId', '=', owner.first.id)
      .execute();
    const lowIds = ids.filter((_, i) => ratings[i]! <= 3).sort((a, b) => a - b);
    expect(cases.map((c) => Number(c.reviewId)).sort((a, b) => a - b)).toEqual(lowIds);
    expect(cases.every((c) => c.status === 'new')).toBe(true);

    // The same reviews written again (a batch replayed after a failure) open nothing more.
    const reviews = await server.deps.db.selectFrom('reviews').selectAll().where('id', 'in', ids).execute();
    const business = (await findOwnerById(server.deps.db, owner.first.id))!;
    const replayed = await server.deps.db.transaction().execute((trx) =>
      openReviewCases(
        trx,
        reviews.map((review) => ({ review, owner: business })),
      ),
    );
    expect(replayed).toBe(0);
    const opened = await server.deps.db
      .selectFrom('caseEvents')
      .innerJoin('cases', 'cases.id', 'caseEvents.caseId')
      .select('caseEvents.kind')
      .where('cases.ownerId', '=', owner.first.id)
      .execute();
    expect(opened).toHaveLength(lowIds.length);
    expect(opened.every((e) => e.kind === 'opened')).toBe(true);
  });

  it("remembers an account's first-response target for a minute, then reads it again", async () => {
    let at = 1_000_000;
    const load = cachedTargetLoader(() => at);
    const setTarget = (minutes: number) =>
      server.deps.db
        .updateTable('accounts')
        .set({ caseResponseMinutes: minutes })
        .where('id', '=', chain.accountId)
        .execute();
    await setTarget(45);
    expect((await load(server.deps.db, [chain.accountId])).get(chain.accountId)).toBe(45);
    await setTarget(90);
    at += CASE_TARGET_CACHE_MS - 1;
    expect((await load(server.deps.db, [chain.accountId])).get(chain.accountId)).toBe(45);
    at += 1;
    expect((await load(server.deps.db, [chain.accountId])).get(chain.accountId)).toBe(90);
    await setTarget(120);
  });

  it('opens none for 4-5 stars unless the branch asks for cases on negative text', async () => {
    const complaint = 'Terrible service, rude staff and dirty tables. Worst experience ever, never again.';
    const happy = await submit(branchA.code, 5, 'Lovely food and friendly staff');
    const angry = await submit(branchA.code, 4, complaint);
    expect(await caseOf(happy.json().id)).toBeUndefined();
    expect(await caseOf(angry.json().id)).toBeUndefined();

    const on = await server.app.inject({
      method: 'POST',
      url: '/trpc/owner.settings.update',
      headers: { ...bearer(chain.ownerToken), 'x-business-id': String(branchA.id) },
      payload: { casesForNegativeHighRatings: true },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().result.data.casesForNegativeHighRatings).toBe(true);
    const angryAgain = await submit(branchA.code, 5, complaint);
    const happyAgain = await submit(branchA.code, 5, 'Lovely food and friendly staff');
    expect((await caseOf(angryAgain.json().id))?.rating).toBe(5);
    expect(await caseOf(happyAgain.json().id)).toBeUndefined();
    // Branch B did not ask.
    expect(await caseOf((await submit(branchB.code, 5, complaint)).json().id)).toBeUndefined();
    await server.deps.db
      .updateTable('owners')
      .set({ casesForNegativeHighRatings: false })
      .where('id', '=', branchA.id)
      .execute();
  });

  it('moves through the allowed statuses only; a refused change changes nothing', async () => {
    const res = await submit(branchA.code, 2, 'Waited 40 minutes for a dosa', '9876543210');
    const id = await caseIdOf(res.json().id);
    const token = chain.ownerToken;
    const read = async () => (await api('GET', `/cases/${id}`, token)).json();
    const before = await read();
    expect(before).toMatchObject({
      id,
      reviewId: res.json().id,
      businessId: branchA.id,
      rating: 2,
      message: 'Waited 40 minutes for a dosa',
      status: 'new',
      outcome: null,
      assigneeId: null,
      contactPresent: true,
      firstResponseAt: null,
      resolvedAt: null,
      overdue: false,
    });
    expect(before.timeline.map((e: { kind: string }) => e.kind)).toEqual(['opened']);

    expectRestError(
      await api('PATCH', `/cases/${id}`, token, { status: 'resolved', outcome: 'recovered' }),
      409,
      CASE_TEXTS.transitionRefused('new', 'resolved'),
      'status',
    );
    expectRestError(
      await api('PATCH', `/cases/${id}`, token, { status: 'done' }),
      400,
      CASE_TEXTS.statusInvalid,
    );
    expectRestError(await api('PATCH', `/cases/${id}`, token, {}), 400, CASE_TEXTS.nothingToChange);
    expectRestError(
      await api('PATCH', `/cases/${id}`, token, { outcome: 'recovered' }),
      400,
      CASE_TEXTS.outcomeOnlyWhenResolved,
      'outcome',
    );
    expect(await read()).toEqual(before);

    const started = await api('PATCH', `/cases/${id}`, token, { status: 'in_progress' });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().status).toBe('in_progress');
    const firstResponseAt = started.json().firstResponseAt;
    expect(firstResponseAt).toEqual(expect.any(String));
    expect(started.json().timeline.at(-1)).toMatchObject({
      kind: 'status',
      actorId: chain.ownerPersonId,
      actorName: 'Test Owner',
      fromStatus: 'new',
      toStatus: 'in_progress',
    });

    expectRestError(
      await api('PATCH', `/cases/${id}`, token, { status: 'resolved' }),
      400,
      CASE_TEXTS.outcomeRequired,
      'outcome',
    );
    const resolved = await api('PATCH', `/cases/${id}`, token, { status: 'resolved', outcome: 'recovered' });
    expect(resolved.json()).toMatchObject({ status: 'resolved', outcome: 'recovered', firstResponseAt });
    expect(resolved.json().resolvedAt).toEqual(expect.any(String));
    expect(resolved.json().timeline.at(-1)).toMatchObject({ toStatus: 'resolved', outcome: 'recovered' });
    expectRestError(
      await api('PATCH', `/cases/${id}`, token, { status: 'in_progress' }),
      409,
      CASE_TEXTS.transitionRefused('resolved', 'in_progress'),
    );
    const outcome = await api('PATCH', `/cases/${id}`, token, { outcome: 'not_recovered' });
    expect(outcome.json().outcome).toBe('not_recovered');
    expect(outcome.json().timeline.at(-1)).toMatchObject({ kind: 'outcome', outcome: 'not_recovered' });

    const reopened = await api('PATCH', `/cases/${id}`, token, { status: 'reopened' });
    expect(reopened.json()).toMatchObject({
      status: 'reopened',
      outcome: null,
      resolvedAt: null,
      firstResponseAt,
    });
    // The same status again changes nothing.
    const same = await api('PATCH', `/cases/${id}`, token, { status: 'reopened' });
    expect(same.json().timeline).toHaveLength(reopened.json().timeline.length);
    const again = await api('PATCH', `/cases/${id}`, token, { status: 'resolved', outcome: 'no_reply' });
    expect(again.json()).toMatchObject({ status: 'resolved', outcome: 'no_reply' });
    expect(again.json().timeline.map((e: { kind: string }) => e.kind)).toEqual([
      'opened',
      'status',
      'status',
      'outcome',
      'status',
      'status',
    ]);
  });

  it('counts the first response from a note, and refuses empty or long notes', async () => {
    const res = await submit(branchA.code, 1, 'Found a hair in the biryani');
    const id = await caseIdOf(res.json().id);
    expectRestError(
      await api('POST', `/cases/${id}/notes`, chain.ownerToken, { text: '  ' }),
      400,
      CASE_TEXTS.noteRequired,
    );
    expectRestError(
      await api('POST', `/cases/${id}/notes`, chain.ownerToken, { text: 'x'.repeat(2001) }),
      400,
      TEXT_TEXTS.tooLong(2000),
    );
    expect((await api('GET', `/cases/${id}`, chain.ownerToken)).json().firstResponseAt).toBeNull();
    const note = await api('POST', `/cases/${id}/notes`, chain.ownerToken, {
      text: 'Called the customer, apologised.',
    });
    expect(note.statusCode, note.body).toBe(201);
    expect(note.json().firstResponseAt).toEqual(expect.any(String));
    expect(note.json().status).toBe('new');
    expect(note.json().timeline.at(-1)).toMatchObject({
      kind: 'note',
      text: 'Called the customer, apologised.',
      actorId: chain.ownerPersonId,
    });
  });

  it('is due 2 IST business hours after the review and overdue past it, until someone responds', async () => {
    // Saturday 17:30 IST: 30 minutes that day, the rest Monday from 09:00.
    const review = await store(branchA.id, {
      rating: 3,
      message: 'Slow billing',
      createdAt: ist('2026-11-28T17:30:00'),
    });
    const id = await caseIdOf(review.id);
    try {
      clock = ist('2026-11-30T10:29:00');
      const token = (await server.deps.tokens.issue('owner', chain.ownerPersonId)).token;
      const listed = async () =>
        (await api('GET', '/cases?status=new&limit=100', token))
          .json()
          .cases.find((c: { id: number }) => c.id === id);
      expect(await listed()).toMatchObject({
        dueAt: ist('2026-11-30T10:30:00').toISOString(),
        overdue: false,
      });
      clock = ist('2026-11-30T10:31:00');
      expect((await listed()).overdue).toBe(true);
      const note = await api('POST', `/cases/${id}/notes`, token, { text: 'On it' });
      expect(note.json()).toMatchObject({
        overdue: false,
        firstResponseAt: ist('2026-11-30T10:31:00').toISOString(),
      });

      // An account's own target: 30 business minutes, so Saturday 17:30 is due at closing.
      const quick = await createChain(server, { branches: 1, name: 'Quick Cafe' });
      await server.deps.db
        .updateTable('accounts')
        .set({ caseResponseMinutes: 30 })
        .where('id', '=', quick.accountId)
        .execute();
      const late = await store(quick.first.id, {
        rating: 1,
        message: 'Cold',
        createdAt: ist('2026-11-28T17:30:00'),
      });
      expect((await caseOf(late.id))!.dueAt.toISOString()).toBe(ist('2026-11-28T18:00:00').toISOString());
    } finally {
      clock = null;
    }
  });

  it('keeps staff to their branches and another account out (404), and assigns only within a branch', async () => {
    const staffA = await addMember(server, chain.accountId, 'staff', [branchA.id]);
    const caseA = await caseIdOf((await submit(branchA.code, 2, 'Branch A complaint')).json().id);
    const caseB = await caseIdOf((await submit(branchB.code, 2, 'Branch B complaint')).json().id);

    for (const [method, url, body] of [
      ['GET', `/cases/${caseB}`, undefined],
      ['PATCH', `/cases/${caseB}`, { status: 'in_progress' }],
      ['POST', `/cases/${caseB}/notes`, { text: 'peek' }],
    ] as const) {
      expectRestError(await api(method, url, staffA.token, body), 404, CASE_TEXTS.notFound);
    }
    expect(
      (await caseOf(
        (
          await server.deps.db
            .selectFrom('cases')
            .select('reviewId')
            .where('id', '=', caseB)
            .executeTakeFirstOrThrow()
        ).reviewId!,
      ))!.status,
    ).toBe('new');
    const staffList = (await api('GET', '/cases?limit=100', staffA.token)).json();
    expect(staffList.cases.every((c: { businessId: number }) => c.businessId === branchA.id)).toBe(true);
    expect(staffList.cases.some((c: { id: number }) => c.id === caseA)).toBe(true);
    expect((await api('GET', `/cases?businessId=${branchB.id}`, staffA.token)).statusCode).toBe(403);

    // Staff work on their branch's feedback.
    expect((await api('PATCH', `/cases/${caseA}`, staffA.token, { status: 'in_progress' })).statusCode).toBe(
      200,
    );

    // The owner assigns: staff of A to a case of A, never to one of B.
    expectRestError(
      await api('PATCH', `/cases/${caseB}`, chain.ownerToken, { assigneeId: staffA.personId }),
      400,
      CASE_TEXTS.assigneeOutOfScope,
      'assigneeId',
    );
    const other = await createChain(server, { branches: 1, name: 'Rival Cafe' });
    expectRestError(
      await api('PATCH', `/cases/${caseA}`, chain.ownerToken, { assigneeId: other.ownerPersonId }),
      400,
      CASE_TEXTS.assigneeOutOfScope,
    );
    const assigned = await api('PATCH', `/cases/${caseA}`, chain.ownerToken, { assigneeId: staffA.personId });
    expect(assigned.json().assigneeId).toBe(staffA.personId);
    expect(assigned.json().timeline.at(-1)).toMatchObject({ kind: 'assigned', assigneeId: staffA.personId });
    const mine = (await api('GET', `/cases?assigneeId=${staffA.personId}`, chain.ownerToken)).json();
    expect(mine.cases.map((c: { id: number }) => c.id)).toEqual([caseA]);
    const unassigned = await api('PATCH', `/cases/${caseA}`, chain.ownerToken, { assigneeId: null });
    expect(unassigned.json().assigneeId).toBeNull();

    // Another account's owner: 404 for every path, an empty list.
    for (const [method, url, body] of [
      ['GET', `/cases/${caseA}`, undefined],
      ['PATCH', `/cases/${caseA}`, { status: 'resolved', outcome: 'recovered' }],
      ['POST', `/cases/${caseA}/notes`, { text: 'hello' }],
    ] as const) {
      expectRestError(await api(method, url, other.ownerToken, body), 404, CASE_TEXTS.notFound);
    }
    expect((await api('GET', '/cases', other.ownerToken)).json().cases).toEqual([]);
  });

  it('refuses every cases path without a live owner token or API key (401)', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/cases'],
      ['GET', '/api/v1/cases/1'],
      ['PATCH', '/api/v1/cases/1'],
      ['POST', '/api/v1/cases/1/notes'],
    ] as const) {
      for (const headers of [{}, bearer('not-a-token'), bearer('sk_live_not_a_real_key')]) {
        const res = await server.app.inject({ method, url, headers });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
    }
  });

  it('answers an API key of the account, with no person as actor, and the same operation over tRPC', async () => {
    const created = await server.app.inject({
      method: 'POST',
      url: '/trpc/owner.integrations.apiKeys.create',
      headers: bearer(chain.ownerToken),
      payload: { name: 'helpdesk' },
    });
    const key = created.json().result.data.key as string;
    const id = await caseIdOf((await submit(branchB.code, 3, 'Music too loud')).json().id);
    const note = await api('POST', `/cases/${id}/notes`, key, { text: 'From the helpdesk' });
    expect(note.statusCode, note.body).toBe(201);
    expect(note.json().timeline.at(-1)).toMatchObject({ kind: 'note', actorId: null, actorName: null });
    const listed = await server.app.inject({
      method: 'GET',
      url: `/trpc/owner.cases.list?input=${encodeURIComponent(JSON.stringify({ businessId: branchB.id, limit: 100 }))}`,
      headers: bearer(chain.ownerToken),
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const { cases, meta } = listed.json().result.data;
    expect(cases.some((c: { id: number }) => c.id === id)).toBe(true);
    expect(meta).toMatchObject({ page: 1, limit: 100, total: cases.length });
  });
});
