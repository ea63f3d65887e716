import { addPlacementScans, insertReviews } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createChain, type TChain } from '../../../test/accounts-kit.ts';
import { parseCsv } from '../../../test/parse-csv.ts';
import { bearer } from '../../../test/requests-kit.ts';
import { createTestServer, type TTestServer } from '../../../test/test-server.ts';
import { figuresOf } from './account.service.ts';

const DAY = 86_400_000;
/** Noon IST on a day of November 2026. */
const noonIst = (day: number) => new Date(Date.UTC(2026, 10, day, 6, 30));

/**
 * The All branches figures against direct counts: a seeded chain of three branches, reviews on
 * several days (some through requests), scans, replies; each branch's figures and the totals must
 * equal what a plain count over the same rows says.
 */
describe(`per-branch figures (GET /api/v1/account/branches) on ${testDriverName()}`, () => {
  let server: TTestServer;
  let chain: TChain;

  beforeAll(async () => {
    server = await createTestServer({}, { now: () => noonIst(20) });
    chain = await createChain(server, { branches: 3 });
    const db = server.deps.db;
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (const [b, branch] of chain.branches.entries()) {
      const rows = Array.from({ length: 40 + b * 15 }, (_, i) => {
        const rating = (next() % 5) + 1;
        return {
          ownerId: branch.id,
          rating,
          message: rating <= 3 || i % 3 === 0 ? `message ${i}` : '',
          replyStatus: (i % 4 === 0 ? 'sent' : 'none') as 'sent' | 'none',
          createdAt: new Date(noonIst(1).getTime() + (next() % 25) * DAY),
        };
      });
      await db.transaction().execute((trx) =>
        insertReviews(
          trx,
          rows,
          rows.map(() => ({ message: 'seeded', code: branch.code })),
        ),
      );
      await addPlacementScans(
        db,
        Array.from({ length: 25 }, (_, d) => ({
          ownerId: branch.id,
          placementKey: null,
          day: `2026-11-${String(d + 1).padStart(2, '0')}`,
          scans: 3 + b,
        })),
      );
    }
  });
  afterAll(async () => {
    await server?.stop();
  });

  const figures = async (token: string, query = '') => {
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/v1/account/branches${query}`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  /** The figures of `ownerIds` over IST days from..to, counted straight from the rows. */
  const directCounts = (from: string, to: string) => {
    const start = new Date(Date.parse(`${from}T00:00:00+05:30`));
    const end = new Date(Date.parse(`${to}T00:00:00+05:30`) + DAY);
    return async (ownerIds: number[]) => {
      const { rows } = await sql<Record<string, number>>`
          select count(*)::int as reviews, coalesce(sum(rating), 0)::int as rating_sum,
            (count(*) filter (where rating >= 4))::int as positive, (count(*) filter (where rating <= 3))::int as low,
            (count(*) filter (where message <> ''))::int as with_message,
            (count(*) filter (where reply_status = 'sent'))::int as replied,
            (count(*) filter (where review_request_id is not null))::int as from_requests
          from reviews where owner_id = any(${ownerIds}) and created_at >= ${start} and created_at < ${end}`.execute(
        server.deps.db,
      );
      const scans = await sql<{ scans: number }>`
          select coalesce(sum(scans), 0)::int as scans from placement_scans
          where owner_id = any(${ownerIds}) and day between ${from} and ${to}`.execute(server.deps.db);
      const r = rows[0]!;
      return figuresOf({
        reviews: r.reviews!,
        ratingSum: r.ratingSum!,
        positive: r.positive!,
        low: r.low!,
        withMessage: r.withMessage!,
        replied: r.replied!,
        fromRequests: r.fromRequests!,
        requestsSent: 0,
        scans: scans.rows[0]!.scans,
      });
    };
  };

  it('equals direct counts per branch and in total, over a range of IST days', async () => {
    const from = '2026-11-05';
    const to = '2026-11-18';
    const answer = await figures(chain.ownerToken, `?from=${from}&to=${to}`);
    expect(answer).toMatchObject({ from, to });
    const direct = directCounts(from, to);
    expect(answer.branches).toHaveLength(3);
    for (const branch of answer.branches) {
      expect(branch.figures).toEqual(await direct([branch.id]));
      expect(branch.figures.reviews).toBeGreaterThan(0);
      // The trend adds up to the range's reviews, a day at a time.
      expect(branch.trend.reduce((n: number, d: { reviews: number }) => n + d.reviews, 0)).toBe(
        branch.figures.reviews,
      );
      expect(branch.figures.scanConversion).toBeLessThanOrEqual(1);
    }
    expect(answer.totals).toEqual(await direct(chain.branches.map((b) => b.id)));
  });

  it('a manager limited to one branch sees that branch alone, and its totals', async () => {
    const manager = await addMember(server, chain.accountId, 'manager', [chain.branches[2]!.id]);
    const answer = await figures(manager.token);
    expect(answer.branches.map((b: { id: number }) => b.id)).toEqual([chain.branches[2]!.id]);
    expect(answer.totals).toEqual(answer.branches[0].figures);
    // The default range: the last 30 IST days, today included.
    expect(answer).toMatchObject({ from: '2026-10-22', to: '2026-11-20' });
  });

  it('refuses a reversed or over-long range with a field message', async () => {
    const reversed = await server.app.inject({
      method: 'GET',
      url: '/api/v1/account/branches?from=2026-11-10&to=2026-11-01',
      headers: bearer(chain.ownerToken),
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().field).toBe('from');
    const long = await server.app.inject({
      method: 'GET',
      url: '/api/v1/account/branches?from=2024-01-01&to=2026-11-01',
      headers: bearer(chain.ownerToken),
    });
    expect(long.statusCode).toBe(400);
  });

  describe('the reviews of every branch (GET /api/v1/account/reviews)', () => {
    const reviews = async (token: string, query = '') =>
      server.app.inject({ method: 'GET', url: `/api/v1/account/reviews${query}`, headers: bearer(token) });
    const direct = async (ownerIds: number[], limit: number) => {
      const { rows } = await sql<{ id: number; ownerId: number }>`
        select id, owner_id from reviews where owner_id = any(${ownerIds})
        order by created_at desc, id desc limit ${limit}`.execute(server.deps.db);
      return rows.map((r) => ({ id: Number(r.id), businessId: Number(r.ownerId) }));
    };

    it('lists every branch newest first, each review with its branch, and filters by branch', async () => {
      const ids = chain.branches.map((b) => b.id);
      const all = await reviews(chain.ownerToken, '?limit=50&page=2');
      expect(all.statusCode, all.body).toBe(200);
      const body = all.json();
      expect(body.meta).toMatchObject({ total: 40 + 55 + 70, page: 2, limit: 50 });
      expect(
        body.reviews.map((r: { id: number; businessId: number }) => ({ id: r.id, businessId: r.businessId })),
      ).toEqual((await direct(ids, 100)).slice(50));
      const names = new Map(chain.branches.map((b) => [b.id, b.businessName]));
      for (const review of body.reviews) expect(review.businessName).toBe(names.get(review.businessId));

      const one = await reviews(chain.ownerToken, `?businessId=${ids[1]}&limit=5`);
      expect(one.json().meta.total).toBe(55);
      expect(one.json().reviews.map((r: { id: number }) => r.id)).toEqual(
        (await direct([ids[1]!], 5)).map((r) => r.id),
      );
    });

    it('a manager of one branch reads that branch alone; another branch is a 403 with a message', async () => {
      const only = chain.branches[0]!.id;
      const manager = await addMember(server, chain.accountId, 'staff', [only]);
      const mine = (await reviews(manager.token, '?limit=50')).json();
      expect(mine.meta.total).toBe(40);
      expect(new Set(mine.reviews.map((r: { businessId: number }) => r.businessId))).toEqual(new Set([only]));
      const other = await reviews(manager.token, `?businessId=${chain.branches[1]!.id}`);
      expect(other.statusCode).toBe(403);
      expect(other.json().message).toBe('You do not have access to this branch.');
    });

    it('searches across branches and refuses a malformed branch id', async () => {
      const found = (await reviews(chain.ownerToken, '?search=MESSAGE%201&limit=50')).json();
      expect(found.reviews.length).toBeGreaterThan(0);
      expect(found.meta.total).toBe(found.reviews.length);
      for (const review of found.reviews) expect(review.message.toLowerCase()).toContain('message 1');
      expect((await reviews(chain.ownerToken, '?businessId=abc')).statusCode).toBe(400);
    });
  });

  describe('the table as a file (GET /api/v1/account/branches/export)', () => {
    const download = (token: string, query: string) =>
      server.app.inject({
        method: 'GET',
        url: `/api/v1/account/branches/export${query}`,
        headers: bearer(token),
      });

    it('CSV and XLSX hold the same rows and figures as the JSON answer, the totals last', async () => {
      const range = '?from=2026-11-05&to=2026-11-18';
      const answer = await figures(chain.ownerToken, range);
      const csv = await download(chain.ownerToken, `${range}&format=csv`);
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.headers['content-disposition']).toBe(
        'attachment; filename="starloop-branches-2026-11-05-to-2026-11-18.csv"',
      );
      const rows = parseCsv(csv.body);
      expect(rows[0]).toEqual([
        'Branch',
        'Code',
        'Reviews',
        'Average',
        '4-5 stars',
        'Low ratings',
        'Reply rate',
        'Requests converted',
        'Scans',
        'Scans converted',
      ]);
      expect(rows).toHaveLength(answer.branches.length + 2);
      for (const [i, branch] of answer.branches.entries()) {
        expect(rows[i + 1]![1]).toBe(branch.code);
        expect(Number(rows[i + 1]![2])).toBe(branch.figures.reviews);
        expect(Number(rows[i + 1]![4])).toBe(branch.figures.positiveShare);
      }
      expect(rows.at(-1)!.slice(0, 3)).toEqual(['All branches', '', String(answer.totals.reviews)]);

      const xlsx = await download(chain.ownerToken, `${range}&format=xlsx`);
      expect(xlsx.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.getWorksheet('All branches')!;
      expect(sheet.rowCount).toBe(answer.branches.length + 2);
      expect(sheet.getRow(sheet.rowCount).getCell(3).value).toBe(answer.totals.reviews);
      expect(sheet.getRow(2).getCell(5).value).toBe(answer.branches[0].figures.positiveShare);
    });

    it('refuses an unknown format and a caller without a token', async () => {
      const bad = await download(chain.ownerToken, '?format=pdf');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Format must be csv or xlsx');
      const anonymous = await server.app.inject({ method: 'GET', url: '/api/v1/account/branches/export' });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  it('trends by day up to 92 days and by week (from Monday) beyond, adding up to the same reviews', async () => {
    const days = await figures(chain.ownerToken, '?from=2026-09-01&to=2026-11-20');
    expect(days.trendUnit).toBe('day');
    const weeks = await figures(chain.ownerToken, '?from=2026-06-01&to=2026-11-20');
    expect(weeks.trendUnit).toBe('week');
    for (const [i, branch] of weeks.branches.entries()) {
      const sum = (trend: { reviews: number }[]) => trend.reduce((n, p) => n + p.reviews, 0);
      expect(sum(branch.trend)).toBe(branch.figures.reviews);
      expect(sum(branch.trend)).toBe(sum(days.branches[i].trend));
      for (const point of branch.trend) expect(new Date(`${point.day}T00:00:00Z`).getUTCDay()).toBe(1);
      expect(branch.trend.length).toBeLessThan(days.branches[i].trend.length);
    }
  });

  describe('the review requests of every branch (GET /api/v1/account/requests)', () => {
    const requests = async (token: string, query = '') =>
      server.app.inject({ method: 'GET', url: `/api/v1/account/requests${query}`, headers: bearer(token) });

    beforeAll(async () => {
      const db = server.deps.db;
      for (const [b, branch] of chain.branches.entries()) {
        await sql`insert into contacts (owner_id, name, phone_e164, consent)
          select ${branch.id}, 'Customer ' || g, '+9198' || lpad((${b} * 1000 + g)::text, 8, '0'), true
          from generate_series(1, 12) g`.execute(db);
        // Created a minute apart across branches (ties on the minute broken by id).
        await sql`insert into review_requests (owner_id, contact_id, token, category, status, send_at, created_at)
          select ${branch.id}, c.id, 'tok' || lpad(c.id::text, 7, '0'), 'service',
                 case when row_number() over (order by c.id) % 4 = 0 then 'failed' else 'sent' end,
                 ${noonIst(10)}, ${noonIst(10)}::timestamptz + ((row_number() over (order by c.id) * 3 + ${b}) % 17) * interval '1 minute'
          from contacts c where c.owner_id = ${branch.id}`.execute(db);
      }
    });

    const direct = async (ownerIds: number[], status?: string) => {
      const { rows } = await sql<{ id: number }>`
        select id from review_requests where owner_id = any(${ownerIds}) ${status ? sql`and status = ${status}` : sql``}
        order by created_at desc, id desc`.execute(server.deps.db);
      return rows.map((r) => Number(r.id));
    };

    it('pages every branch newest first with the branch and contact, filters by branch and status', async () => {
      const ids = chain.branches.map((b) => b.id);
      const all = await direct(ids);
      expect(all).toHaveLength(36);
      const pages: number[] = [];
      for (let page = 1; page <= 4; page += 1) {
        const res = await requests(chain.ownerToken, `?limit=10&page=${page}`);
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json();
        expect(body.meta.total).toBe(36);
        pages.push(...body.requests.map((r: { id: number }) => r.id));
        for (const r of body.requests) {
          expect(r.businessName).toBe(chain.branches.find((b) => b.id === r.businessId)!.businessName);
          expect(r.contactName).toMatch(/^Customer \d+$/);
        }
      }
      expect(pages).toEqual(all);
      const failed = (
        await requests(chain.ownerToken, `?status=failed&businessId=${ids[1]}&limit=50`)
      ).json();
      expect(failed.requests.map((r: { id: number }) => r.id)).toEqual(await direct([ids[1]!], 'failed'));
      expect((await requests(chain.ownerToken, '?status=lost')).statusCode).toBe(400);
    });

    it('is for owners and managers of their branches: staff get a 403', async () => {
      const only = chain.branches[2]!.id;
      const manager = await addMember(server, chain.accountId, 'manager', [only]);
      const mine = (await requests(manager.token, '?limit=50')).json();
      expect(mine.requests.map((r: { id: number }) => r.id)).toEqual(await direct([only]));
      expect((await requests(manager.token, `?businessId=${chain.branches[0]!.id}`)).statusCode).toBe(403);
      const staff = await addMember(server, chain.accountId, 'staff');
      expect((await requests(staff.token)).statusCode).toBe(403);
    });
  });

  // Last: it changes the rows the other tests count.
  it('stays equal to direct counts after replies, rating changes and deletions (the review days follow)', async () => {
    const db = server.deps.db;
    const ids = chain.branches.map((b) => b.id);
    await sql`update reviews set reply_status = 'sent' where owner_id = ${ids[0]} and id % 3 = 0`.execute(db);
    await sql`update reviews set rating = 6 - rating where owner_id = ${ids[1]} and id % 5 = 0`.execute(db);
    await sql`update reviews set message = '' where owner_id = ${ids[2]} and id % 4 = 1`.execute(db);
    await sql`delete from reviews where owner_id = ${ids[2]} and id % 7 = 0`.execute(db);
    const from = '2026-11-01';
    const to = '2026-11-20';
    const answer = await figures(chain.ownerToken, `?from=${from}&to=${to}`);
    const direct = directCounts(from, to);
    for (const branch of answer.branches) expect(branch.figures).toEqual(await direct([branch.id]));
    expect(answer.totals).toEqual(await direct(ids));
  });
});
