import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TDb } from '../client.ts';
import { expectPagesMatchWholeList, insertTestOwner, useTestDb } from '../test-support.ts';
import { testDriverName } from '../testing.ts';
import { listActivity, listActivityPage, recordActivity } from './activity.ts';
import { insertAgent, listAgentsPage } from './agents.ts';
import { insertLead, listLeadsPage } from './leads.ts';
import { insertManualPayment, listAdminManualPayments } from './manual-payments.ts';
import { listAdminUsers, softDeleteOwner } from './owners.ts';
import type { TPage, TPageRequest } from './paging.ts';
import { insertPayment, listAdminPayments } from './payments.ts';
import { insertReview, listAdminReviews, listOwnerReviews } from './reviews.ts';

/** Every list pages through readPage: each is read page by page, forwards and from the end. */
describe(`lists paged by readPage on ${testDriverName()}`, () => {
  const t = useTestDb();
  const count = async (db: TDb, from: string, where = 'true') =>
    Number(
      (
        await sql<{ n: number }>`select count(*) as n from ${sql.raw(from)} where ${sql.raw(where)}`.execute(
          db,
        )
      ).rows[0]?.n,
    );

  /** The list sorted by each of `sortBys`, both ways, pages like the whole list of `total` rows. */
  const expectEverySortPaged = async <Sort extends string, Row extends { id: number }>(
    sortBys: readonly Sort[],
    list: (request: TPageRequest & { sortBy: Sort; sortOrder: 'asc' | 'desc' }) => Promise<TPage<Row>>,
    total: number,
  ) => {
    for (const sortBy of sortBys) {
      for (const sortOrder of ['asc', 'desc'] as const) {
        await expectPagesMatchWholeList((p) => list({ ...p, sortBy, sortOrder }), total);
      }
    }
  };

  let ownerId = 0;
  beforeAll(async () => {
    const db = t.db;
    // Several rows share a time, so the id tie-breaker decides their order.
    const at = (i: number) => new Date(Date.UTC(2026, 5, 1 + (i % 4)));
    const agent = await insertAgent(db, {
      code: 'AG5000',
      name: 'Pager',
      email: 'p@x.in',
      phone: '9000050000',
    });
    const owners = [];
    for (let i = 0; i < 11; i++) {
      owners.push(
        await insertTestOwner(db, {
          status: (['active', 'pending', 'inactive'] as const)[i % 3],
          businessName: i % 2 ? `Odd Shop ${i}` : `Even Shop ${i}`,
          agentId: i % 4 ? null : agent.id,
          createdAt: at(i),
        }),
      );
    }
    await softDeleteOwner(db, owners[10]!.id);
    ownerId = owners[0]!.id;
    for (let i = 0; i < 13; i++) {
      await insertReview(db, {
        ownerId: owners[i % 3]!.id,
        rating: (i % 5) + 1,
        message: i % 2 ? `great ${i}` : `slow ${i}`,
        createdAt: at(i),
      });
    }
    for (let i = 0; i < 9; i++) {
      await insertPayment(db, {
        ownerId: owners[i % 4]!.id,
        plan: 'essential',
        purpose: 'registration',
        provider: 'test',
        amount: 1000 + i,
        status: (['captured', 'pending', 'failed'] as const)[i % 3],
        razorpayOrderId: `order_page${i}`,
        createdAt: at(i),
      });
    }
    for (let i = 0; i < 8; i++) {
      await insertManualPayment(
        db,
        { amount: 500 * (i % 3), paymentMethod: (['cash', 'cheque', 'bank_transfer'] as const)[i % 3]! },
        [owners[i % 5]!.id],
      );
    }
    for (let i = 0; i < 10; i++) await recordActivity(db, { type: 'user', message: `event ${i}` });
    for (let i = 0; i < 6; i++) {
      await insertAgent(db, {
        code: `AG51${i}0`,
        name: i % 2 ? 'Same' : `Agent ${i}`,
        email: `pager${i}@x.in`,
        phone: `90000511${i}0`,
        status: i % 3 ? 'active' : 'inactive',
      });
    }
    for (let i = 0; i < 7; i++) {
      await insertLead(db, {
        name: i % 2 ? 'Same' : `Lead ${i}`,
        email: `lead${i}@x.in`,
        subject: 'demo',
        message: `hello ${i}`,
        source: i % 2 ? 'website' : 'referral',
        status: i % 3 ? 'new' : 'contacted',
        createdAt: at(i),
      });
    }
  });

  it('lists owners the same forwards and backwards (deep pages read from the end)', async () => {
    const db = t.db;
    for (let i = 0; i < 9; i++)
      await insertTestOwner(db, { status: 'active', createdAt: new Date(Date.UTC(2026, 6, 1, i)) });
    const { total } = await listAdminUsers(db, { page: 1, limit: 100 });
    const all = (await listAdminUsers(db, { page: 1, limit: 100 })).rows.map((r) => r.id);
    for (let page = 1; page <= Math.ceil(total / 2); page++) {
      const onePage = await listAdminUsers(db, { page, limit: 2 });
      expect(onePage.total).toBe(total);
      expect(onePage.rows.map((r) => r.id)).toEqual(all.slice((page - 1) * 2, page * 2));
    }
  });

  it('users: live, by status, deleted and searched', async () => {
    const db = t.db;
    for (const status of [undefined, 'active', 'pending', 'inactive'] as const) {
      const where = `deleted_at is null${status ? ` and status = '${status}'` : ''}`;
      await expectPagesMatchWholeList(
        (p) => listAdminUsers(db, { ...p, status }),
        await count(db, 'owners', where),
      );
    }
    await expectPagesMatchWholeList(
      (p) => listAdminUsers(db, { ...p, status: 'deleted' }),
      await count(db, 'owners', 'deleted_at is not null'),
    );
    await expectPagesMatchWholeList(
      (p) => listAdminUsers(db, { ...p, search: 'odd shop' }),
      await count(db, 'owners', `deleted_at is null and business_name like 'Odd Shop%'`),
    );
  });

  it('reviews: by date and by rating, both ways, and searched', async () => {
    const db = t.db;
    await expectEverySortPaged(
      ['createdAt', 'rating'],
      (p) => listAdminReviews(db, p),
      await count(db, 'reviews'),
    );
    await expectPagesMatchWholeList(
      (p) => listAdminReviews(db, { ...p, search: 'great', sortBy: 'rating', sortOrder: 'asc' }),
      await count(db, 'reviews', `message like 'great%'`),
    );
    await expectPagesMatchWholeList(
      (p) => listOwnerReviews(db, ownerId, p),
      await count(db, 'reviews', `owner_id = ${ownerId}`),
    );
    await expectPagesMatchWholeList(
      (p) => listOwnerReviews(db, ownerId, { ...p, search: 'slow' }),
      await count(db, 'reviews', `owner_id = ${ownerId} and message like 'slow%'`),
    );
  });

  it('payments: all, searched by owner, and by a whole order id', async () => {
    const db = t.db;
    await expectPagesMatchWholeList((p) => listAdminPayments(db, p), await count(db, 'payments'));
    await expectPagesMatchWholeList(
      (p) => listAdminPayments(db, { ...p, search: 'even shop' }),
      await count(db, 'payments p join owners o on o.id = p.owner_id', `o.business_name like 'Even Shop%'`),
    );
    await expectPagesMatchWholeList((p) => listAdminPayments(db, { ...p, search: 'order_page3' }), 1);
    await expectPagesMatchWholeList(
      (p) => listAdminPayments(db, { ...p, search: 'page' }),
      await count(db, 'payments'),
    );
  });

  it('manual payments: every sort both ways, and searched', async () => {
    const db = t.db;
    await expectEverySortPaged(
      ['id', 'amount', 'paymentMethod', 'createdAt'],
      (p) => listAdminManualPayments(db, p),
      await count(db, 'manual_payments'),
    );
    await expectPagesMatchWholeList(
      (p) => listAdminManualPayments(db, { ...p, search: 'cash', sortBy: 'amount', sortOrder: 'desc' }),
      await count(db, 'manual_payments', `payment_method = 'cash'`),
    );
  });

  it('activity, agents and leads', async () => {
    const db = t.db;
    await expectPagesMatchWholeList((p) => listActivity(db, p), await count(db, 'activity_events'));
    await expectPagesMatchWholeList((p) => listActivityPage(db, p), await count(db, 'activity_events'));
    await expectEverySortPaged(
      ['code', 'name', 'email', 'phone', 'status', 'users', 'createdAt'],
      (p) => listAgentsPage(db, p),
      await count(db, 'agents'),
    );
    await expectPagesMatchWholeList(
      (p) => listAgentsPage(db, { ...p, sortBy: 'name', sortOrder: 'asc', status: 'active' }),
      await count(db, 'agents', `status = 'active'`),
    );
    await expectEverySortPaged(
      ['id', 'name', 'email', 'source', 'status', 'createdAt'],
      (p) => listLeadsPage(db, p),
      await count(db, 'leads'),
    );
    await expectPagesMatchWholeList(
      (p) =>
        listLeadsPage(db, { ...p, sortBy: 'name', sortOrder: 'desc', search: 'same', source: 'website' }),
      await count(db, 'leads', `name = 'Same' and source = 'website'`),
    );
  });
});
