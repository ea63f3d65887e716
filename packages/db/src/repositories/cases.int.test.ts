import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TDb } from '../client.ts';
import { insertTestOwner, useTestDb } from '../test-support.ts';
import { testDriverName } from '../testing.ts';
import { insertPerson } from './accounts.ts';
import { listCases, type TCaseListQuery } from './cases.ts';

/**
 * Seeds `n` low reviews of the owner and their cases: created a minute apart from `start` (some
 * at the same minute, so the id breaks ties), statuses and assignees in turn.
 */
async function seedCases(db: TDb, ownerId: number, n: number, start: string, assignees: number[]) {
  await sql`
    with r as (
      insert into reviews (owner_id, rating, message, created_at)
      select ${ownerId}, 1 + g % 3, 'Case ' || g, ${start}::timestamptz + ((g / 2) * interval '1 minute')
        from generate_series(1, ${n}) g
      returning id, owner_id, rating, created_at)
    insert into cases (review_id, owner_id, rating, status, outcome, assignee_person_id, created_at,
                       resolved_at, due_at)
    select r.id, r.owner_id, r.rating,
           (array['new', 'in_progress', 'resolved', 'reopened'])[1 + (r.id % 4)::int],
           case when r.id % 4 = 2 then 'recovered' end,
           (${sql.val(assignees)}::bigint[])[1 + (r.id % ${assignees.length + 1})::int],
           r.created_at,
           case when r.id % 4 = 2 then r.created_at end,
           r.created_at + interval '2 hours'
      from r`.execute(db);
}

/** case_counts as it should be: the cases grouped. */
async function countsOfRows(db: TDb) {
  const { rows } = await sql<{ key: string; n: number }>`
    select owner_id || ':' || status || ':' || coalesce(assignee_person_id, 0) || ':' || rating as key,
           count(*)::int as n
      from cases group by 1 order by 1`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.key, Number(r.n)]));
}
async function countsKept(db: TDb) {
  const { rows } = await sql<{ key: string; n: number }>`
    select owner_id || ':' || status || ':' || assignee_person_id || ':' || rating as key, cases as n
      from case_counts where cases <> 0 order by 1`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.key, Number(r.n)]));
}

describe(`the cases list and its counters on ${testDriverName()}`, () => {
  const t = useTestDb();
  const db = (): TDb => t.db;
  const owners: number[] = [];
  const people: number[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 3; i += 1) owners.push((await insertTestOwner(db())).id);
    for (let i = 0; i < 2; i += 1) {
      people.push((await insertPerson(db(), { name: `Agent ${i}`, phone: `61000000${i}0` })).id);
    }
    await seedCases(db(), owners[0]!, 23, '2026-11-01T10:00:00Z', people);
    await seedCases(db(), owners[1]!, 17, '2026-11-01T10:05:00Z', people);
    await seedCases(db(), owners[2]!, 9, '2026-11-01T09:00:00Z', people);
  });

  /** The list straight from the rows: filtered, newest first, the id breaking ties. */
  async function direct(ownerIds: number[], query: Omit<TCaseListQuery, 'page' | 'limit'>) {
    let rows = db().selectFrom('cases').select('id').where('ownerId', 'in', ownerIds);
    if (query.status === 'open') rows = rows.where('status', 'in', ['new', 'in_progress', 'reopened']);
    else if (query.status) rows = rows.where('status', '=', query.status);
    if (query.rating !== undefined) rows = rows.where('rating', '=', query.rating);
    // Every seeded case is a QR one; overdue against the query's clock.
    if (query.channel !== undefined && query.channel !== 'qr') return [];
    if (query.overdue === true)
      rows = rows.where('firstResponseAt', 'is', null).where('dueAt', '<', query.now!);
    if (query.overdue === false) rows = rows.where('dueAt', '>=', query.now!);
    if (query.assigneeId !== undefined) rows = rows.where('assigneePersonId', '=', query.assigneeId);
    const all = await rows.orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
    return all.map((r) => Number(r.id));
  }

  it('pages every branch, one branch and each filter exactly as one sorted read would, forwards and backwards', async () => {
    const filters: Omit<TCaseListQuery, 'page' | 'limit'>[] = [
      {},
      { status: 'new' },
      { status: 'resolved' },
      { assigneeId: people[0]! },
      { status: 'in_progress', assigneeId: people[1]! },
      { status: 'open' },
      { rating: 2 },
      { status: 'open', rating: 3, assigneeId: people[0]! },
      { channel: 'qr', status: 'resolved' },
      { channel: 'google' },
      { overdue: true, now: new Date('2026-11-01T12:05:00Z') },
      { overdue: false, now: new Date('2026-11-01T12:05:00Z'), status: 'open' },
    ];
    for (const ownerIds of [owners, [owners[1]!], [owners[0]!, owners[2]!]]) {
      for (const filter of filters) {
        const expected = await direct(ownerIds, filter);
        for (const limit of [1, 4, 7, 100]) {
          for (let page = 1; page <= Math.ceil(expected.length / limit) + 1; page += 1) {
            const { rows, total } = await listCases(db(), ownerIds, { page, limit, ...filter });
            const label = `${ownerIds.length} branches, ${JSON.stringify(filter)}, page ${page} of ${limit}`;
            expect(total, label).toBe(expected.length);
            expect(
              rows.map((r) => Number(r.id)),
              label,
            ).toEqual(expected.slice((page - 1) * limit, page * limit));
          }
        }
      }
    }
  });

  it('reads a deep page of several branches as one query, with the same rows', async () => {
    const busy = [(await insertTestOwner(db())).id, (await insertTestOwner(db())).id];
    await seedCases(db(), busy[0]!, 1300, '2026-10-01T10:00:00Z', people);
    await seedCases(db(), busy[1]!, 1000, '2026-10-01T10:00:30Z', people);
    const expected = await direct(busy, {});
    // Page 110 of 20 reaches past 2,000 rows (read as one query); page 60 is read per branch.
    for (const page of [1, 60, 110, 116]) {
      const { rows, total } = await listCases(db(), busy, { page, limit: 20 });
      expect(total).toBe(2300);
      expect(rows.map((r) => Number(r.id))).toEqual(expected.slice((page - 1) * 20, page * 20));
    }
  });

  it('keeps case_counts equal to the rows through inserts, changes, unassignment and deletes', async () => {
    expect(await countsKept(db())).toEqual(await countsOfRows(db()));
    await db().updateTable('cases').set({ status: 'in_progress' }).where('status', '=', 'new').execute();
    await db()
      .updateTable('cases')
      .set({ assigneePersonId: people[1]! })
      .where('ownerId', '=', owners[0]!)
      .where('assigneePersonId', 'is', null)
      .execute();
    // An update that moves nothing counted (the due time) leaves the counters alone.
    await db().updateTable('cases').set({ dueAt: new Date() }).where('ownerId', '=', owners[1]!).execute();
    expect(await countsKept(db())).toEqual(await countsOfRows(db()));
    // A person deleted: their cases become unassigned (on delete set null).
    await db().deleteFrom('persons').where('id', '=', people[0]!).execute();
    expect(await countsKept(db())).toEqual(await countsOfRows(db()));
    await db().deleteFrom('reviews').where('ownerId', '=', owners[2]!).where('rating', '=', 1).execute();
    expect(await countsKept(db())).toEqual(await countsOfRows(db()));
    // A business deleted takes its cases and its counters.
    await db().deleteFrom('owners').where('id', '=', owners[1]!).execute();
    expect(await countsKept(db())).toEqual(await countsOfRows(db()));
    const left = await db()
      .selectFrom('caseCounts')
      .select('ownerId')
      .where('ownerId', '=', owners[1]!)
      .execute();
    expect(left).toEqual([]);
    const { total } = await listCases(db(), owners, { page: 1, limit: 5 });
    expect(total).toBe((await direct(owners, {})).length);
  });
});
