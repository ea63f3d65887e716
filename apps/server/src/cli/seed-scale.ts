import { LOW_RATING_MAX, POSITIVE_RATING_MIN, resolveRegistrationPlan } from '@starloop/contract';
import {
  findAdminByEmail,
  insertAdmin,
  rebuildStatCounters,
  setStatCounterTriggers,
  type TDb,
} from '@starloop/db';
import { sql } from 'kysely';
import { hashPassword } from '../auth/passwords.ts';

/**
 * `npm run db:seed -- --scale`: a large, realistic data set for measuring the admin lists.
 * Everything is set-based SQL (`insert … select … from generate_series(…)`) inside one
 * transaction, so a failed run leaves nothing behind; the per-owner review counters are computed
 * once at the end with one `insert … select … group by`, and so are the platform counters (the
 * counter triggers are off during the load). The transaction locks the seeded tables while it runs.
 */
export const SCALE_COUNTS = {
  agents: 500,
  owners: 50_000,
  reviews: 1_000_000,
  payments: 200_000,
  manualPayments: 20_000,
  leads: 100_000,
} as const;
export type TScaleCounts = { [K in keyof typeof SCALE_COUNTS]: number };

export const SCALE_ADMIN = {
  email: 'scale-admin@starloop.local',
  password: 'scale1234',
  name: 'Scale Admin',
};
/** Every seeded owner's code starts with this; it marks a database as already seeded. */
export const SCALE_CODE_PREFIX = 'scale-';

/** Rows per statement: big enough for set-based speed, small enough for a moving progress line. */
const BATCH = 100_000;

export interface TProgress {
  start(total: number): void;
  tick(done: number, label: string): void;
  stop(): void;
}

/** A simple in-place progress line on stderr: `[#######-------]  48%  reviews 480000/1000000  41.2s`. */
export function stderrProgress(stream: NodeJS.WriteStream = process.stderr): TProgress {
  let total = 1;
  let startedAt = Date.now();
  let lastLength = 0;
  return {
    start(t) {
      total = Math.max(1, t);
      startedAt = Date.now();
    },
    tick(done, label) {
      const ratio = Math.min(1, done / total);
      const width = 30;
      const filled = Math.round(ratio * width);
      const bar = `${'#'.repeat(filled)}${'-'.repeat(width - filled)}`;
      const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
      const line = `[${bar}] ${String(Math.round(ratio * 100)).padStart(3)}%  ${label}  ${seconds}s`;
      stream.write(`\r${line}${' '.repeat(Math.max(0, lastLength - line.length))}`);
      lastLength = line.length;
    },
    stop() {
      stream.write('\n');
    },
  };
}

export const silentProgress: TProgress = { start() {}, tick() {}, stop() {} };

const FIRST_NAMES = [
  'Aarav',
  'Vivaan',
  'Aditya',
  'Vihaan',
  'Arjun',
  'Sai',
  'Reyansh',
  'Ayaan',
  'Krishna',
  'Ishaan',
  'Ananya',
  'Diya',
  'Aadhya',
  'Saanvi',
  'Pari',
  'Anika',
  'Navya',
  'Meera',
  'Kavya',
  'Riya',
];
const LAST_NAMES = [
  'Sharma',
  'Verma',
  'Gupta',
  'Patel',
  'Reddy',
  'Iyer',
  'Nair',
  'Menon',
  'Kulkarni',
  'Joshi',
  'Deshmukh',
  'Chatterjee',
  'Banerjee',
  'Singh',
  'Khan',
  'Qureshi',
  'Gill',
  'Rao',
  'Pillai',
  'Mehta',
];
const BUSINESS_KINDS = [
  'Cafe',
  'Sweets',
  'Dental Clinic',
  'Salon',
  'Fitness',
  'Hotel',
  'Boutique',
  'Bakery',
  'Pharmacy',
  'Motors',
  'Dhaba',
  'Opticals',
  'Electronics',
  'Jewellers',
  'Travels',
  'Tutorials',
  'Spa',
  'Restaurant',
  'Bistro',
  'Mart',
];
const PLACES: [string, string][] = [
  ['Pune', 'Maharashtra'],
  ['Mumbai', 'Maharashtra'],
  ['Nagpur', 'Maharashtra'],
  ['Bengaluru', 'Karnataka'],
  ['Mysuru', 'Karnataka'],
  ['Chennai', 'Tamil Nadu'],
  ['Coimbatore', 'Tamil Nadu'],
  ['Kochi', 'Kerala'],
  ['Hyderabad', 'Telangana'],
  ['Jaipur', 'Rajasthan'],
  ['Udaipur', 'Rajasthan'],
  ['Lucknow', 'Uttar Pradesh'],
  ['Noida', 'Uttar Pradesh'],
  ['Ahmedabad', 'Gujarat'],
  ['Surat', 'Gujarat'],
  ['Kolkata', 'West Bengal'],
  ['Bhopal', 'Madhya Pradesh'],
  ['Indore', 'Madhya Pradesh'],
  ['Chandigarh', 'Chandigarh'],
  ['New Delhi', 'Delhi'],
];
const REVIEW_TEXTS: Record<number, string[]> = {
  5: [
    'Excellent service, will come again!',
    'Khana bahut accha tha',
    'Loved the ambience and the staff.',
    'Best in town!',
  ],
  4: [
    'Good food, slightly slow service.',
    'Nice place, friendly people.',
    'Accha experience tha',
    'Good value for money.',
  ],
  3: [
    'Average experience.',
    'Theek thaak tha, kuch khaas nahi.',
    'Okay, but a bit pricey.',
    'Parking was difficult.',
  ],
  2: [
    'Food was great but we waited an hour.',
    'Service bekar thi',
    'Not clean enough.',
    'Staff seemed uninterested.',
  ],
  1: [
    'Very bad experience, rude staff.',
    'Bahut bura laga, paisa barbaad.',
    'Order was wrong and cold.',
    'Never again.',
  ],
};

/** A SQL text[] literal of trusted constant strings. */
const textArray = (items: readonly string[]) =>
  `array[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(', ')}]::text[]`;
/** 1-based pick from a SQL array by a [0,1) random expression. */
const pick = (items: readonly string[], randomExpr: string) =>
  `(${textArray(items)})[1 + floor((${randomExpr}) * ${items.length})::int]`;

export async function seedScale(
  db: TDb,
  options: { counts?: Partial<TScaleCounts>; progress?: TProgress; now?: Date } = {},
): Promise<string> {
  const counts: TScaleCounts = { ...SCALE_COUNTS, ...options.counts };
  const progress = options.progress ?? stderrProgress();
  const now = options.now ?? new Date();
  const existing = await db
    .selectFrom('owners')
    .select('id')
    .where('code', '=', `${SCALE_CODE_PREFIX}1`)
    .executeTakeFirst();
  if (existing) return `The scale data is already there.\n${signIn()}`;

  const adminHash = (await findAdminByEmail(db, SCALE_ADMIN.email))
    ? undefined
    : await hashPassword(SCALE_ADMIN.password);
  const startedAt = Date.now();
  const totalRows =
    counts.agents + counts.owners + counts.reviews + counts.payments + counts.manualPayments + counts.leads;
  let done = 0;
  progress.start(totalRows + counts.owners /* counters and activity */);
  const nowSql = `'${now.toISOString()}'::timestamptz`;

  await db.transaction().execute(async (trx) => {
    const run = (text: string) => sql.raw(text).execute(trx);
    await run('select setseed(0.2026)');
    // Row-by-row counter triggers would cost more than the load itself: off for this transaction,
    // and every platform counter is recomputed from the rows at the end.
    await setStatCounterTriggers(trx, false);
    if (adminHash) {
      await insertAdmin(trx, {
        name: SCALE_ADMIN.name,
        email: SCALE_ADMIN.email,
        passwordHash: adminHash,
        role: 'super_admin',
      });
    }

    // Agents (AG5001…): codes outside the demo seed's AG1001… range.
    await run(`
      insert into agents (code, name, email, phone, status, created_at, updated_at)
      select 'AG' || (5000 + g),
             ${pick(FIRST_NAMES, 'random()')} || ' ' || ${pick(LAST_NAMES, 'random()')},
             'agent' || g || '@scale.starloop.test',
             '61' || lpad(g::text, 8, '0'),
             case when random() < 0.85 then 'active' else 'inactive' end,
             ${nowSql} - random() * interval '900 days',
             ${nowSql}
      from generate_series(1, ${counts.agents}) g`);
    await run(`create temporary table scale_agents on commit drop as
      select row_number() over (order by id)::int as n, id, name from agents where email like '%@scale.starloop.test'`);
    done += counts.agents;
    progress.tick(done, `agents ${counts.agents}`);

    // Owners: 60% came through an agent, 15% onboarded by an admin, 3% soft-deleted.
    for (let from = 1; from <= counts.owners; from += BATCH) {
      const to = Math.min(counts.owners, from + BATCH - 1);
      // Each owner is a new customer: its account and its person (the sign-in phone) come with it.
      await run(`
        create temporary table scale_batch on commit drop as
        select nextval(pg_get_serial_sequence('owners', 'id'))::bigint as id,
               nextval(pg_get_serial_sequence('accounts', 'id'))::bigint as account_id,
               nextval(pg_get_serial_sequence('persons', 'id'))::bigint as person_id,
               b.*
        from (
        select s.name, 'owner' || s.g || '@scale.starloop.test', s.business, '5' || lpad(s.g::text, 9, '0'),
               '${SCALE_CODE_PREFIX}' || s.g, 'https://search.google.com/local/writereview?placeid=scale-' || s.g,
               s.state, s.city, coalesce(a.name, 'Direct'), a.id,
               case when s.r1 < 0.4 then 'professional' else 'essential' end,
               case when s.r2 < 0.8 then 'active' when s.r2 < 0.93 then 'pending' else 'inactive' end,
               case when s.r3 < 0.15 then 'manual' else 'website' end,
               case when s.r2 < 0.8 then s.created_at end,
               case when s.r2 < 0.8 then s.created_at + (case when s.r3 < 0.15 then interval '1 year' else interval '1 month' end) * (1 + floor(s.r1 * 12)) end,
               case when s.r10 < 0.03 then least(s.created_at + interval '30 days', ${nowSql} - interval '1 minute') end,
               s.created_at, s.created_at
        from (
          select g, r1, r2, r3, r4, r10,
                 ${pick(FIRST_NAMES, 'r1')} || ' ' || ${pick(LAST_NAMES, 'r5')} as name,
                 ${pick(LAST_NAMES, 'r6')} || ' ' || ${pick(BUSINESS_KINDS, 'r7')} || ' ' || ${pick(
                   PLACES.map((p) => p[0]),
                   'r8',
                 )} as business,
                 ${pick(
                   PLACES.map((p) => p[0]),
                   'r8',
                 )} as city,
                 ${pick(
                   PLACES.map((p) => p[1]),
                   'r8',
                 )} as state,
                 case when r9 < 0.6 then 1 + floor(random() * ${counts.agents})::int end as agent_n,
                 ${nowSql} - interval '10 minutes' - (r4 * interval '730 days') as created_at
          from (select g, random() r1, random() r2, random() r3, random() r4, random() r5, random() r6,
                       random() r7, random() r8, random() r9, random() r10
                from generate_series(${from}, ${to}) g) raw
        ) s
        left join scale_agents a on a.n = s.agent_n
        ) b(name, email, business_name, contact_number, code, review_link, state, city, sales_rep_name, agent_id,
            plan, status, registration_source, subscription_start, subscription_end, deleted_at, created_at, updated_at)`);
      await run(`insert into accounts (id, name, created_at, updated_at)
        select account_id, business_name, created_at, updated_at from scale_batch`);
      await run(`insert into persons (id, name, phone, email, created_at, updated_at)
        select person_id, name, contact_number, email, created_at, updated_at from scale_batch`);
      await run(`insert into memberships (account_id, person_id, role, created_at, updated_at)
        select account_id, person_id, 'owner', created_at, updated_at from scale_batch`);
      await run(`
        insert into owners (id, account_id, name, email, business_name, contact_number, code, review_link, state, city,
          sales_rep_name, agent_id, plan, status, registration_source, subscription_start, subscription_end,
          deleted_at, created_at, updated_at)
        select id, account_id, name, email, business_name, contact_number, code, review_link, state, city,
          sales_rep_name, agent_id, plan, status, registration_source, subscription_start, subscription_end,
          deleted_at, created_at, updated_at
        from scale_batch`);
      await run('drop table scale_batch');
      done += to - from + 1;
      progress.tick(done, `owners ${to}/${counts.owners}`);
    }
    await run(`create temporary table scale_owners on commit drop as
      select row_number() over (order by id)::int as n, id, registration_source, created_at
      from owners where code like '${SCALE_CODE_PREFIX}%'`);
    await run('create index on scale_owners (n)');

    // Reviews: skewed towards some owners; 4-5 stars mostly without a message (decisions.md).
    const texts = (rating: number) => pick(REVIEW_TEXTS[rating]!, 's.r3');
    for (let from = 1; from <= counts.reviews; from += BATCH) {
      const to = Math.min(counts.reviews, from + BATCH - 1);
      await run(`
        insert into reviews (owner_id, rating, message, sentiment_label, sentiment_score, reply_status, reply_text, created_at)
        select o.id, s.rating, m.message,
               case when m.message = '' then null when s.rating >= ${POSITIVE_RATING_MIN} then 'positive' when s.rating = ${LOW_RATING_MAX} then 'neutral' else 'negative' end,
               case when m.message = '' then null else round(((s.rating - 3) / 2.0)::numeric, 2)::real end,
               case when m.message = '' then 'none' else 'drafted' end,
               case when m.message = '' then null when s.rating >= ${POSITIVE_RATING_MIN} then 'Thank you for your kind words!'
                    else 'We are sorry about your experience and will follow up.' end,
               ${nowSql} - s.r4 * interval '400 days'
        from (
          select g, 1 + floor(${counts.owners} * power(r1, 1.7))::int as n, r3, r4, r5,
                 case when r2 < 0.45 then 5 when r2 < 0.7 then 4 when r2 < 0.82 then 3 when r2 < 0.92 then 2 else 1 end as rating
          from (select g, random() r1, random() r2, random() r3, random() r4, random() r5
                from generate_series(${from}, ${to}) g) raw
        ) s
        join scale_owners o on o.n = s.n
        cross join lateral (
          select case
            when s.rating >= ${POSITIVE_RATING_MIN} and s.r5 < 0.6 then ''
            when s.rating = 5 then ${texts(5)} when s.rating = 4 then ${texts(4)}
            when s.rating = 3 then ${texts(3)} when s.rating = 2 then ${texts(2)} else ${texts(1)}
          end as message
        ) m`);
      done += to - from + 1;
      progress.tick(done, `reviews ${to}/${counts.reviews}`);
    }

    // Payments (paise): 85% captured, 10% pending, 5% failed.
    for (let from = 1; from <= counts.payments; from += BATCH) {
      const to = Math.min(counts.payments, from + BATCH - 1);
      await run(`
        insert into payments (owner_id, plan, purpose, provider, amount, taxable_value, status, payment_method, razorpay_order_id,
          razorpay_payment_id, razorpay_signature, failure_reason, captured_at, created_at, updated_at)
        select o.id, s.plan, case when s.r3 < 0.3 then 'registration' when s.r3 < 0.9 then 'renewal' else 'upgrade' end,
               'razorpay', s.amount, s.amount, s.status,
               ${pick(['upi', 'card', 'netbanking', 'wallet'], 's.r4')},
               'order_Sc' || lpad(s.g::text, 12, '0'),
               case when s.status <> 'pending' then 'pay_Sc' || lpad(s.g::text, 12, '0') end,
               case when s.status = 'captured' then md5('sig' || s.g) || md5('sig2' || s.g) end,
               case when s.status = 'failed' then 'Payment failed at the bank' end,
               case when s.status = 'captured' then s.created_at end,
               s.created_at, s.created_at
        from (
          select g, 1 + floor(random() * ${counts.owners})::int as n, r3, r4,
                 case when r1 < 0.4 then 'professional' else 'essential' end as plan,
                 case when r1 < 0.4 then ${resolveRegistrationPlan('professional').amount} else ${resolveRegistrationPlan('essential').amount} end as amount,
                 case when r2 < 0.85 then 'captured' when r2 < 0.95 then 'pending' else 'failed' end as status,
                 ${nowSql} - random() * interval '730 days' as created_at
          from (select g, random() r1, random() r2, random() r3, random() r4 from generate_series(${from}, ${to}) g) raw
        ) s
        join scale_owners o on o.n = s.n`);
      done += to - from + 1;
      progress.tick(done, `payments ${to}/${counts.payments}`);
    }

    // Manual payments (whole rupees), each linked to one to three owners.
    await run(`
      insert into manual_payments (amount, payment_method, status, notes, email, created_at, updated_at)
      select (12 + floor(random() * 60)::int) * 500,
             ${pick(['cash', 'cheque', 'bank_transfer', 'razorpay'], 'random()')},
             'completed',
             ${pick(['Annual plan, launch discount', 'Two-year plan for all branches', 'Festival offer', 'Agent negotiated price', 'Standard price'], 'random()')}
               || ' | Additional: receipt ' || g,
             'billing' || g || '@scale.starloop.test',
             ${nowSql} - random() * interval '730 days',
             ${nowSql}
      from generate_series(1, ${counts.manualPayments}) g`);
    await run(`
      insert into manual_payment_owners (manual_payment_id, owner_id)
      select distinct mp.id, o.id
      from manual_payments mp
      cross join lateral generate_series(1, 1 + (mp.id % 3)::int) k
      join scale_owners o on o.n = 1 + ((mp.id * 7919 + k * 104729) % ${counts.owners})::int
      where mp.email like 'billing%@scale.starloop.test'`);
    done += counts.manualPayments;
    progress.tick(done, `manual payments ${counts.manualPayments}`);

    // Leads.
    for (let from = 1; from <= counts.leads; from += BATCH) {
      const to = Math.min(counts.leads, from + BATCH - 1);
      await run(`
        insert into leads (name, email, contact_number, bussiness, subject, message, source, status, created_at, updated_at)
        select ${pick(FIRST_NAMES, 'random()')} || ' ' || ${pick(LAST_NAMES, 'random()')},
               'lead' || g || '@scale.starloop.test', '7' || lpad(g::text, 9, '0'),
               ${pick(LAST_NAMES, 'random()')} || ' ' || ${pick(BUSINESS_KINDS, 'random()')},
               ${pick(['demo', 'pricing', 'implementation', 'features', 'partnership'], 'random()')},
               'We would like to know how StarLoop can help us get more Google reviews.',
               ${pick(['website', 'organic', 'paid', 'referral', 'other'], 'random()')},
               ${pick(['new', 'new', 'contacted', 'converted', 'closed'], 'random()')},
               c, c
        from (select g, ${nowSql} - random() * interval '730 days' as c from generate_series(${from}, ${to}) g) raw`);
      done += to - from + 1;
      progress.tick(done, `leads ${to}/${counts.leads}`);
    }

    // Per-owner review counters, once, from the rows (the same numbers insertReview keeps).
    await run(`
      insert into owner_review_stats (owner_id, review_count, rating_sum, star1, star2, star3, star4, star5, last_review_at)
      select o.id, coalesce(r.review_count, 0), coalesce(r.rating_sum, 0), coalesce(r.star1, 0), coalesce(r.star2, 0),
             coalesce(r.star3, 0), coalesce(r.star4, 0), coalesce(r.star5, 0), r.last_review_at
      from scale_owners o
      left join (
        select owner_id, count(*) as review_count, sum(rating) as rating_sum,
               count(*) filter (where rating = 1) as star1, count(*) filter (where rating = 2) as star2,
               count(*) filter (where rating = 3) as star3, count(*) filter (where rating = 4) as star4,
               count(*) filter (where rating = 5) as star5, max(created_at) as last_review_at
        from reviews where owner_id in (select id from scale_owners) group by owner_id
      ) r on r.owner_id = o.id
      on conflict (owner_id) do update set review_count = excluded.review_count, rating_sum = excluded.rating_sum,
        star1 = excluded.star1, star2 = excluded.star2, star3 = excluded.star3, star4 = excluded.star4,
        star5 = excluded.star5, last_review_at = excluded.last_review_at`);

    // One activity event per owner, as registration or onboarding would have written.
    await run(`
      insert into activity_events (type, message, code, owner_id, created_at)
      select 'user', o.business_name || case when o.registration_source = 'manual' then ' was onboarded' else ' registered' end,
             o.code, o.id, o.created_at
      from owners o where o.code like '${SCALE_CODE_PREFIX}%'`);
    await setStatCounterTriggers(trx, true);
    await rebuildStatCounters(trx);
    done += counts.owners;
    progress.tick(done, 'counters and activity');
  });

  // Fresh statistics and visibility maps, so the planner and index-only scans see the new rows.
  for (const table of [
    'agents',
    'owners',
    'owner_review_stats',
    'reviews',
    'payments',
    'manual_payments',
    'manual_payment_owners',
    'leads',
    'activity_events',
  ]) {
    await sql.raw(`vacuum analyze ${table}`).execute(db);
  }
  progress.tick(done, `done`);
  progress.stop();

  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  return [
    `Scale data created in ${seconds}s: ${counts.agents} agents, ${counts.owners} owners, ${counts.reviews} reviews,`,
    `${counts.payments} payments, ${counts.manualPayments} manual payments, ${counts.leads} leads.`,
    signIn(),
  ].join('\n');
}

function signIn(): string {
  return `Admin sign-in: /admin-login  ${SCALE_ADMIN.email} / ${SCALE_ADMIN.password}`;
}
