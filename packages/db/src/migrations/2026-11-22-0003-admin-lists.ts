import { type Kysely, sql } from 'kysely';

/**
 * Frozen: never edit a migration that has shipped; add a new one.
 *
 * Admin back-office at scale (50k owners, 1M reviews): platform counters kept by triggers, so the
 * overview, the summary cards and the monthly charts never scan the big tables, plus the indexes
 * the admin lists need (each one EXPLAINed against the scale seed).
 *
 * stat_counters holds one row per (metric, month, shard); a metric's value is the sum of its rows.
 * Metrics:
 *   reviews                        n = reviews, amount = rating sum        (month of created_at)
 *   payments:<status>              n = payments, amount = paise            (month of captured_at, else created_at)
 *   manual:<method>                n = manual payments, amount = rupees    (month of created_at)
 *   owners:<status>:<live|deleted>:<website|manual>:<direct|referred>:<reviewed|unreviewed>
 *                                  n = owners                              (month of created_at)
 *   activity                       n = activity events
 * Shards spread concurrent writers over several rows, so two inserts rarely wait on each other.
 * Months are UTC.
 */
const statements = [
  `create table stat_counters (
    metric text not null,
    bucket date not null,
    shard smallint not null,
    n bigint not null default 0,
    amount bigint not null default 0,
    primary key (metric, bucket, shard)
  )`,

  `create function stat_counter_add(p_metric text, p_at timestamptz, p_shard integer, p_n bigint, p_amount bigint)
   returns void language sql as $$
     insert into stat_counters (metric, bucket, shard, n, amount)
     values (p_metric, date_trunc('month', p_at at time zone 'UTC')::date, p_shard, p_n, p_amount)
     on conflict (metric, bucket, shard)
     do update set n = stat_counters.n + excluded.n, amount = stat_counters.amount + excluded.amount
   $$`,

  `create function stat_counters_reviews() returns trigger language plpgsql as $$
   begin
     if tg_op in ('UPDATE', 'DELETE') then
       perform stat_counter_add('reviews', old.created_at, (old.owner_id % 16)::integer, -1, -old.rating::bigint);
     end if;
     if tg_op in ('UPDATE', 'INSERT') then
       perform stat_counter_add('reviews', new.created_at, (new.owner_id % 16)::integer, 1, new.rating::bigint);
     end if;
     return null;
   end $$`,
  `create trigger reviews_stat_counters after insert or delete or update of owner_id, rating, created_at
   on reviews for each row execute function stat_counters_reviews()`,

  `create function stat_counters_payments() returns trigger language plpgsql as $$
   begin
     if tg_op = 'UPDATE' and (old.status, old.amount, coalesce(old.captured_at, old.created_at))
         is not distinct from (new.status, new.amount, coalesce(new.captured_at, new.created_at)) then
       return null;
     end if;
     if tg_op in ('UPDATE', 'DELETE') then
       perform stat_counter_add('payments:' || old.status, coalesce(old.captured_at, old.created_at),
         (old.id % 4)::integer, -1, -old.amount);
     end if;
     if tg_op in ('UPDATE', 'INSERT') then
       perform stat_counter_add('payments:' || new.status, coalesce(new.captured_at, new.created_at),
         (new.id % 4)::integer, 1, new.amount);
     end if;
     return null;
   end $$`,
  `create trigger payments_stat_counters after insert or delete or update of status, amount, captured_at, created_at
   on payments for each row execute function stat_counters_payments()`,

  `create function stat_counters_manual_payments() returns trigger language plpgsql as $$
   begin
     if tg_op = 'UPDATE' and (old.payment_method, old.amount, old.created_at)
         is not distinct from (new.payment_method, new.amount, new.created_at) then
       return null;
     end if;
     if tg_op in ('UPDATE', 'DELETE') then
       perform stat_counter_add('manual:' || old.payment_method, old.created_at, (old.id % 4)::integer, -1, -old.amount);
     end if;
     if tg_op in ('UPDATE', 'INSERT') then
       perform stat_counter_add('manual:' || new.payment_method, new.created_at, (new.id % 4)::integer, 1, new.amount);
     end if;
     return null;
   end $$`,
  `create trigger manual_payments_stat_counters after insert or delete or update of payment_method, amount, created_at
   on manual_payments for each row execute function stat_counters_manual_payments()`,

  `create function owner_stat_metric(p_status text, p_deleted_at timestamptz, p_source text, p_agent_id bigint,
     p_reviewed boolean)
   returns text language sql immutable as $$
     select 'owners:' || p_status || ':' || case when p_deleted_at is null then 'live' else 'deleted' end
       || ':' || p_source || ':' || case when p_agent_id is null then 'direct' else 'referred' end
       || ':' || case when p_reviewed then 'reviewed' else 'unreviewed' end
   $$`,
  `create function owner_has_reviews(p_owner_id bigint) returns boolean language sql stable as $$
     select coalesce((select review_count > 0 from owner_review_stats where owner_id = p_owner_id), false)
   $$`,
  // Owners: after insert and update; before delete, while its review counters still exist (the
  // cascade removes them after the row is gone).
  `create function stat_counters_owners() returns trigger language plpgsql as $$
   declare
     reviewed boolean;
     old_metric text;
     new_metric text;
   begin
     if tg_op = 'DELETE' then
       perform stat_counter_add(
         owner_stat_metric(old.status, old.deleted_at, old.registration_source, old.agent_id, owner_has_reviews(old.id)),
         old.created_at, (old.id % 4)::integer, -1, 0);
       return old;
     end if;
     reviewed := tg_op = 'UPDATE' and owner_has_reviews(new.id);
     new_metric := owner_stat_metric(new.status, new.deleted_at, new.registration_source, new.agent_id, reviewed);
     if tg_op = 'UPDATE' then
       old_metric := owner_stat_metric(old.status, old.deleted_at, old.registration_source, old.agent_id, reviewed);
       if old_metric = new_metric and date_trunc('month', old.created_at at time zone 'UTC')
           = date_trunc('month', new.created_at at time zone 'UTC') then
         return null;
       end if;
       perform stat_counter_add(old_metric, old.created_at, (old.id % 4)::integer, -1, 0);
     end if;
     perform stat_counter_add(new_metric, new.created_at, (new.id % 4)::integer, 1, 0);
     return null;
   end $$`,
  `create trigger owners_stat_counters after insert
   or update of status, deleted_at, registration_source, agent_id, created_at
   on owners for each row execute function stat_counters_owners()`,
  `create trigger owners_stat_counters_delete before delete
   on owners for each row execute function stat_counters_owners()`,
  // An owner's first review (or its last one going) moves it between reviewed and unreviewed. The
  // owner row is share-locked so a concurrent edit of the owner is counted after, not across, it.
  `create function stat_counters_owner_reviews() returns trigger language plpgsql as $$
   declare
     was boolean;
     is_now boolean;
     owner_id_ bigint;
     o record;
   begin
     if tg_op = 'INSERT' then
       was := false; is_now := new.review_count > 0; owner_id_ := new.owner_id;
     elsif tg_op = 'DELETE' then
       was := old.review_count > 0; is_now := false; owner_id_ := old.owner_id;
     else
       was := old.review_count > 0; is_now := new.review_count > 0; owner_id_ := new.owner_id;
     end if;
     if was = is_now then
       return null;
     end if;
     select id, status, deleted_at, registration_source, agent_id, created_at into o
       from owners where id = owner_id_ for share;
     if not found then
       -- The owner is being deleted; its delete trigger has counted it already.
       return null;
     end if;
     perform stat_counter_add(owner_stat_metric(o.status, o.deleted_at, o.registration_source, o.agent_id, was),
       o.created_at, (o.id % 4)::integer, -1, 0);
     perform stat_counter_add(owner_stat_metric(o.status, o.deleted_at, o.registration_source, o.agent_id, is_now),
       o.created_at, (o.id % 4)::integer, 1, 0);
     return null;
   end $$`,
  `create trigger owner_review_stats_stat_counters after insert or delete or update of review_count
   on owner_review_stats for each row execute function stat_counters_owner_reviews()`,

  `create function stat_counters_activity() returns trigger language plpgsql as $$
   begin
     if tg_op = 'DELETE' then
       perform stat_counter_add('activity', old.created_at, (old.id % 8)::integer, -1, 0);
     else
       perform stat_counter_add('activity', new.created_at, (new.id % 8)::integer, 1, 0);
     end if;
     return null;
   end $$`,
  `create trigger activity_events_stat_counters after insert or delete
   on activity_events for each row execute function stat_counters_activity()`,

  // Counters for the rows already there (a database migrated with data in it).
  `insert into stat_counters (metric, bucket, shard, n, amount)
   select metric, bucket, shard, sum(n), sum(amount) from (
     select 'reviews' as metric, date_trunc('month', created_at at time zone 'UTC')::date as bucket,
            (owner_id % 16)::smallint as shard, count(*) as n, sum(rating)::bigint as amount
       from reviews group by 1, 2, 3
     union all
     select 'payments:' || status, date_trunc('month', coalesce(captured_at, created_at) at time zone 'UTC')::date,
            (id % 4)::smallint, count(*), sum(amount)::bigint
       from payments group by 1, 2, 3
     union all
     select 'manual:' || payment_method, date_trunc('month', created_at at time zone 'UTC')::date,
            (id % 4)::smallint, count(*), sum(amount)::bigint
       from manual_payments group by 1, 2, 3
     union all
     select owner_stat_metric(o.status, o.deleted_at, o.registration_source, o.agent_id, coalesce(s.review_count, 0) > 0),
            date_trunc('month', o.created_at at time zone 'UTC')::date, (o.id % 4)::smallint, count(*), 0
       from owners o left join owner_review_stats s on s.owner_id = o.id group by 1, 2, 3
     union all
     select 'activity', date_trunc('month', created_at at time zone 'UTC')::date, (id % 8)::smallint, count(*), 0
       from activity_events group by 1, 2, 3
   ) s group by metric, bucket, shard`,

  // Users list: live owners newest first, paged deep with an index-only scan.
  `create index owners_live_created_idx on owners (created_at desc, id desc) where deleted_at is null`,
  `create index owners_deleted_created_idx on owners (created_at desc, id desc) where deleted_at is not null`,
  // Reviews list sorted by rating, both directions (a backward scan serves desc).
  `create index reviews_rating_sort_idx on reviews (rating, created_at, id)`,
  // Payments list search over the order and payment ids.
  `create index payments_search_idx on payments using gin
   ((lower(coalesce(razorpay_order_id, '') || ' ' || coalesce(razorpay_payment_id, ''))) gin_trgm_ops)`,
  // Payments of the owners a search matched, newest first, read from the index alone.
  `create index payments_owner_page_idx on payments (owner_id, created_at desc, id desc)`,
  // Manual payments list sorts.
  `create index manual_payments_amount_sort_idx on manual_payments (amount, id)`,
  `create index manual_payments_method_sort_idx on manual_payments (payment_method, id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const drops = [
    'drop index if exists manual_payments_method_sort_idx',
    'drop index if exists manual_payments_amount_sort_idx',
    'drop index if exists payments_owner_page_idx',
    'drop index if exists payments_search_idx',
    'drop index if exists reviews_rating_sort_idx',
    'drop index if exists owners_deleted_created_idx',
    'drop index if exists owners_live_created_idx',
    'drop trigger if exists activity_events_stat_counters on activity_events',
    'drop trigger if exists owner_review_stats_stat_counters on owner_review_stats',
    'drop trigger if exists owners_stat_counters_delete on owners',
    'drop trigger if exists owners_stat_counters on owners',
    'drop trigger if exists manual_payments_stat_counters on manual_payments',
    'drop trigger if exists payments_stat_counters on payments',
    'drop trigger if exists reviews_stat_counters on reviews',
    'drop function if exists stat_counters_activity()',
    'drop function if exists stat_counters_owners()',
    'drop function if exists stat_counters_owner_reviews()',
    'drop function if exists owner_has_reviews(bigint)',
    'drop function if exists owner_stat_metric(text, timestamptz, text, bigint, boolean)',
    'drop function if exists stat_counters_manual_payments()',
    'drop function if exists stat_counters_payments()',
    'drop function if exists stat_counters_reviews()',
    'drop function if exists stat_counter_add(text, timestamptz, integer, bigint, bigint)',
    'drop table if exists stat_counters',
  ];
  for (const statement of drops) await sql.raw(statement).execute(db);
}
