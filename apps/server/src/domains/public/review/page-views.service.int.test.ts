import { insertPlacement } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestOwner, createTestServer, type TTestServer } from '../../../test/test-server.ts';
import { newPlacementKey } from '../../owner/placements/placements.service.ts';
import { countReviewPageView, createPageViewCounter } from './page-views.service.ts';

/** 2026-11-24 18:45 UTC is 00:15 on 25 November in India. */
const NOW = new Date('2026-11-24T18:45:00.000Z');

describe(`review page views per placement on ${testDriverName()}`, () => {
  let server: TTestServer;
  beforeAll(async () => {
    server = await createTestServer({}, { now: () => NOW });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const db = () => server.deps.db;
  const scansOf = async (ownerId: number) =>
    (
      await db()
        .selectFrom('placementScans')
        .select(['placementId', 'scans'])
        .select((eb) => eb.cast<string>('day', 'text').as('day'))
        .where('ownerId', '=', ownerId)
        .orderBy('placementId')
        .execute()
    ).map((row) => ({ ...row }));
  const placementFor = async (ownerId: number, name: string) =>
    insertPlacement(db(), { ownerId, key: newPlacementKey(), name }, null) as Promise<{
      id: number;
      key: string;
    }>;
  const link = (code: string, query = '') =>
    server.app.inject({ method: 'GET', url: `/api/users/review-link/${code}${query}` });

  it('counts the review page call that carries ?p= under the placement, IST day, and nothing else', async () => {
    const owner = await createTestOwner(server);
    const other = await createTestOwner(server);
    const table = await placementFor(owner.id, 'Table 9');
    const foreign = await placementFor(other.id, 'Elsewhere');

    for (const query of [
      `?p=${table.key}`,
      `?p=${table.key}`,
      '?p=',
      `?p=${foreign.key}`,
      `?p=${newPlacementKey()}`,
      '?p=%3Cscript%3E',
      '',
    ]) {
      const res = await link(owner.code, query);
      expect(res.statusCode, query).toBe(200);
      // The spec's answer is unchanged.
      expect(Object.keys(res.json()).sort()).toEqual(['businessName', 'reviewFlow', 'reviewLink']);
    }
    await server.deps.pageViews.flush();
    // Two for the table; the empty, foreign, unknown and malformed keys for Default; none without ?p=.
    expect(await scansOf(owner.id)).toEqual([
      { placementId: table.id, day: '2026-11-25', scans: 2 },
      { placementId: null, day: '2026-11-25', scans: 4 },
    ]);
    expect(await scansOf(other.id)).toEqual([]);
  });

  it('does not count unknown or closed pages', async () => {
    const closed = await createTestOwner(server, { status: 'inactive' });
    const table = await placementFor(closed.id, 'Door');
    expect((await link(closed.code, `?p=${table.key}`)).statusCode).toBe(410);
    expect((await link('no-such-business-here', '?p=')).statusCode).toBe(404);
    await server.deps.pageViews.flush();
    expect(await scansOf(closed.id)).toEqual([]);
  });

  it('adds views up in memory and writes them in one upsert per flush, onto the existing rows', async () => {
    const owner = await createTestOwner(server);
    const table = await placementFor(owner.id, 'Bag insert');
    for (let i = 0; i < 250; i += 1) {
      await countReviewPageView(server.deps, { ownerId: owner.id, placementKey: i % 5 ? table.key : null });
    }
    expect(server.deps.pageViews.pending()).toBe(2);
    await server.deps.pageViews.flush();
    expect(server.deps.pageViews.pending()).toBe(0);
    await countReviewPageView(server.deps, { ownerId: owner.id, placementKey: table.key });
    await server.deps.pageViews.flush();
    const rows = await scansOf(owner.id);
    expect(rows.find((r) => r.placementId === table.id)?.scans).toBe(201);
    expect(rows.find((r) => r.placementId === null)?.scans).toBe(50);
  });

  it('flushes by itself after flushMs, and on close', async () => {
    const owner = await createTestOwner(server);
    const counter = createPageViewCounter({ db: db(), log: server.deps.log }, { flushMs: 30 });
    counter.add({ ownerId: owner.id, placementKey: null, day: '2026-11-20' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await scansOf(owner.id)).toEqual([{ placementId: null, day: '2026-11-20', scans: 1 }]);
    counter.add({ ownerId: owner.id, placementKey: null, day: '2026-11-20' });
    await counter.close();
    expect(await scansOf(owner.id)).toEqual([{ placementId: null, day: '2026-11-20', scans: 2 }]);
  });

  it('holds a bounded number of counters: past it, new keys count for Default', async () => {
    const owner = await createTestOwner(server);
    const counter = createPageViewCounter(
      { db: db(), log: server.deps.log },
      { flushMs: 60_000, maxCounters: 3 },
    );
    for (let i = 0; i < 50; i += 1) {
      counter.add({ ownerId: owner.id, placementKey: newPlacementKey(), day: '2026-11-21' });
    }
    // Three keyed counters, then one Default counter for the other 47 views.
    expect(counter.pending()).toBe(4);
    await counter.close();
    expect(await scansOf(owner.id)).toEqual([{ placementId: null, day: '2026-11-21', scans: 50 }]);
  });

  it("skips the views of an owner deleted before the flush instead of failing everyone's", async () => {
    const gone = await createTestOwner(server);
    const kept = await createTestOwner(server);
    const counter = createPageViewCounter({ db: db(), log: server.deps.log }, { flushMs: 60_000 });
    counter.add({ ownerId: gone.id, placementKey: null, day: '2026-11-22' });
    counter.add({ ownerId: kept.id, placementKey: null, day: '2026-11-22' });
    await db().deleteFrom('owners').where('id', '=', gone.id).execute();
    await counter.close();
    expect(await scansOf(kept.id)).toEqual([{ placementId: null, day: '2026-11-22', scans: 1 }]);
  });
});
