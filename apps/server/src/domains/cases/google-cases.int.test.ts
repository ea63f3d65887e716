import { addBusinessMinutes, CASE_TEXTS, ZCase, ZCaseDetail } from '@starloop/contract';
import { isCheckViolation, openGoogleCases, type TGoogleConnection } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES } from '../../jobs/queue.ts';
import { addMember, createChain, type TChain } from '../../test/accounts-kit.ts';
import { expectRestError } from '../../test/client-kit.ts';
import { bearer } from '../../test/requests-kit.ts';
import { createTestServer, type TTestServer } from '../../test/test-server.ts';
import type { TGoogleApiReview } from '../google/google-api.client.ts';
import { upsertGoogleReviews } from '../google/google-review-import.service.ts';

/** An IST wall-clock time as an instant. */
const ist = (local: string) => new Date(`${local}+05:30`);
const STARS = ['', 'ONE', 'TWO', 'THREE', 'FOUR', 'FIVE'] as const;

describe(`Google reviews open feedback cases on ${testDriverName()}`, () => {
  let server: TTestServer;
  let clock: Date | null = null;
  let chain: TChain;
  let seq = 0;

  beforeAll(async () => {
    server = await createTestServer({}, { now: () => clock ?? new Date() });
    chain = await createChain(server, { branches: 2, name: 'Google Cases Cafe' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const db = () => server.deps.db;
  /** The import needs only these of a connection (no Google call is made). */
  const connectionOf = (ownerId: number) => ({ ownerId, replyRules: null }) as unknown as TGoogleConnection;
  const googleReview = (rating: number, comment: string): TGoogleApiReview => {
    seq += 1;
    return {
      name: `accounts/1/locations/1/reviews/r${seq}-${Math.random().toString(36).slice(2, 8)}`,
      starRating: STARS[rating],
      comment,
      createTime: '2026-12-01T04:00:00Z',
      updateTime: '2026-12-01T04:00:00Z',
      reviewer: { displayName: 'Asha K' },
    } as TGoogleApiReview;
  };
  const importReviews = (ownerId: number, reviews: TGoogleApiReview[], history: boolean) =>
    upsertGoogleReviews(server.deps, connectionOf(ownerId), reviews, { history });
  const googleRowOf = (ownerId: number, name: string) =>
    db()
      .selectFrom('googleReviews')
      .selectAll()
      .where('ownerId', '=', ownerId)
      .where('reviewName', '=', name)
      .executeTakeFirstOrThrow();
  const casesOfGoogle = (googleReviewId: number) =>
    db().selectFrom('cases').selectAll().where('googleReviewId', '=', googleReviewId).execute();
  /** The case-alert jobs queued for a branch. */
  const alertJobsOf = async (ownerId: number) => {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pgboss.job
      where name = ${QUEUES.caseAlert} and (data->>'ownerId')::bigint = ${ownerId}`.execute(db());
    return Number(rows[0]!.n);
  };
  const api = (method: 'GET' | 'PATCH', url: string, token: string, payload?: unknown) =>
    server.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...bearer(token), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });

  it('opens none for the first import (history), whatever the stars', async () => {
    const owner = (await createChain(server, { branches: 1, name: 'History Dhaba' })).first;
    const history = [googleReview(1, 'Cold food'), googleReview(2, 'Slow'), googleReview(3, 'Meh')];
    const outcome = await importReviews(owner.id, history, true);
    expect(outcome.inserted).toBe(3);
    const cases = await db().selectFrom('cases').selectAll().where('ownerId', '=', owner.id).execute();
    expect(cases).toEqual([]);
    expect(await alertJobsOf(owner.id)).toBe(0);
  });

  it('opens one case per new 1-3 star Google review, in the import, listed with its rating and text', async () => {
    clock = ist('2026-12-01T10:00:00'); // a Tuesday, within business hours
    const branch = chain.branches[1]!;
    const low = googleReview(2, 'Waited 40 minutes for a dosa');
    const high = googleReview(5, 'Lovely filter coffee');
    const outcome = await importReviews(branch.id, [low, high], false);
    expect(outcome).toMatchObject({ inserted: 2, newLowRatings: 1, casesOpened: 1 });

    const lowRow = await googleRowOf(branch.id, low.name!);
    const highRow = await googleRowOf(branch.id, high.name!);
    // Its case's alert tells the team (queued with the case); the low-rating email does not.
    expect(await alertJobsOf(branch.id)).toBe(1);
    expect(lowRow.ownerNotifiedAt).not.toBeNull();
    expect(highRow.ownerNotifiedAt).toBeNull();
    expect(await casesOfGoogle(highRow.id)).toEqual([]);
    const [kase] = await casesOfGoogle(lowRow.id);
    expect(kase).toMatchObject({ reviewId: null, ownerId: branch.id, rating: 2, status: 'new' });
    // Opened when StarLoop learnt of it, due at the account's target (120 business minutes) from then.
    expect(new Date(kase!.createdAt).toISOString()).toBe(clock.toISOString());
    expect(new Date(kase!.dueAt).toISOString()).toBe(addBusinessMinutes(clock, 120).toISOString());

    const list = await api('GET', `/cases?businessId=${branch.id}`, chain.ownerToken);
    expect(list.statusCode, list.body).toBe(200);
    const listed = list.json().cases.find((c: { id: number }) => c.id === Number(kase!.id));
    expect(ZCase.parse(listed)).toEqual({
      id: Number(kase!.id),
      reviewId: null,
      googleReviewId: Number(lowRow.id),
      businessId: branch.id,
      rating: 2,
      message: 'Waited 40 minutes for a dosa',
      status: 'new',
      outcome: null,
      assigneeId: null,
      contactPresent: false,
      createdAt: clock.toISOString(),
      firstResponseAt: null,
      resolvedAt: null,
      dueAt: addBusinessMinutes(clock, 120).toISOString(),
      overdue: false,
      channel: 'google',
    });
    const detail = ZCaseDetail.parse((await api('GET', `/cases/${kase!.id}`, chain.ownerToken)).json());
    expect(detail.timeline.map((e) => e.kind)).toEqual(['opened']);
    // It is worked like any case.
    const moved = await api('PATCH', `/cases/${kase!.id}`, chain.ownerToken, { status: 'in_progress' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ status: 'in_progress', googleReviewId: Number(lowRow.id) });
    // Staff of the other branch do not reach it.
    const staff = await addMember(server, chain.accountId, 'staff', [chain.first.id]);
    expectRestError(await api('GET', `/cases/${kase!.id}`, staff.token), 404, CASE_TEXTS.notFound);
    clock = null;
  });

  it('never opens a second case: the same review imported again, concurrent imports, a replayed insert', async () => {
    const branch = chain.first;
    const review = googleReview(1, 'Rude at the counter');
    const outcomes = await Promise.all([
      importReviews(branch.id, [review], false),
      importReviews(branch.id, [review], false),
      importReviews(branch.id, [review], false),
    ]);
    expect(outcomes.reduce((n, o) => n + o.inserted, 0)).toBe(1);
    const row = await googleRowOf(branch.id, review.name!);
    expect(await casesOfGoogle(row.id)).toHaveLength(1);

    // Imported again (now known: the update path), and edited on Google: still one case.
    await importReviews(branch.id, [review], false);
    await importReviews(branch.id, [{ ...review, comment: 'Rude at the counter, edited' }], false);
    const again = await db()
      .transaction()
      .execute((trx) =>
        openGoogleCases(trx, [
          { googleReviewId: row.id, ownerId: branch.id, rating: 1, createdAt: new Date(), dueAt: new Date() },
        ]),
      );
    expect(again).toEqual([]);
    const cases = await casesOfGoogle(row.id);
    expect(cases).toHaveLength(1);
    const events = await db()
      .selectFrom('caseEvents')
      .selectAll()
      .where('caseId', '=', cases[0]!.id)
      .execute();
    expect(events.map((e) => e.kind)).toEqual(['opened']);
  });

  it('a 4-5 star Google review with a complaint opens one only when the branch asks', async () => {
    const owner = (await createChain(server, { branches: 1, name: 'Setting Sweets' })).first;
    const complaint = 'Terrible service, rude staff and dirty tables. Worst experience ever, never again.';
    const before = googleReview(4, complaint);
    await importReviews(owner.id, [before], false);
    expect(await casesOfGoogle((await googleRowOf(owner.id, before.name!)).id)).toEqual([]);
    await db()
      .updateTable('owners')
      .set({ casesForNegativeHighRatings: true })
      .where('id', '=', owner.id)
      .execute();
    const after = googleReview(5, complaint);
    const happy = googleReview(5, 'Lovely food and friendly staff');
    await importReviews(owner.id, [after, happy], false);
    expect(await casesOfGoogle((await googleRowOf(owner.id, after.name!)).id)).toHaveLength(1);
    expect(await casesOfGoogle((await googleRowOf(owner.id, happy.name!)).id)).toEqual([]);
  });

  it('a case belongs to exactly one review: both or neither is refused by the database', async () => {
    const review = googleReview(2, 'Broken chair');
    await importReviews(chain.first.id, [review], true);
    const googleRow = await googleRowOf(chain.first.id, review.name!);
    const qrReview = await db()
      .insertInto('reviews')
      .values({ ownerId: chain.first.id, rating: 2, message: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const base = { ownerId: chain.first.id, rating: 2, dueAt: new Date() };
    for (const ids of [{}, { reviewId: qrReview.id, googleReviewId: googleRow.id }]) {
      const error = await db()
        .insertInto('cases')
        .values({ ...base, reviewId: null, ...ids })
        .execute()
        .catch((e: unknown) => e);
      expect(isCheckViolation(error, 'cases_one_review'), String(error)).toBe(true);
    }
  });

  it('deleting the Google reviews (another location chosen) deletes their cases', async () => {
    const owner = (await createChain(server, { branches: 1, name: 'Moving Mithai' })).first;
    const review = googleReview(3, 'Okay but overpriced');
    await importReviews(owner.id, [review], false);
    const row = await googleRowOf(owner.id, review.name!);
    expect(await casesOfGoogle(row.id)).toHaveLength(1);
    await db().deleteFrom('googleReviews').where('ownerId', '=', owner.id).execute();
    expect(await db().selectFrom('cases').selectAll().where('ownerId', '=', owner.id).execute()).toEqual([]);
  });
});
