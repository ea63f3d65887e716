/**
 * The platform counters' database code as it stands today: every PL/pgSQL and SQL function and
 * every trigger that keeps `stat_counters` (see migration 0003 for the metrics), and the recount
 * that rebuilds the table from the rows.
 *
 * The frozen migrations (0003, then 0007) are how these came to be and stay as they shipped. This
 * module is the one place to read the current bodies, and what a future migration changing a
 * counter imports: edit the constant here and execute it from the new migration (each statement is
 * `create or replace`). counter-functions.int.test.ts checks that every definition here equals the
 * migrated database's, so the two cannot drift apart.
 *
 * Months are UTC. Shards spread concurrent writers over several rows; readers sum over shards.
 */

import { IST_TIME_ZONE, LOW_RATING_MAX, POSITIVE_RATING_MIN } from '@starloop/contract/rules';

// ------------------------------------------------------------------------------ helpers

/** Adds n and amount to a metric's counter row of the month of `p_at`. */
export const STAT_COUNTER_ADD = `
create or replace function stat_counter_add(p_metric text, p_at timestamptz, p_shard integer, p_n bigint,
  p_amount bigint)
returns void language sql as $$
  insert into stat_counters (metric, bucket, shard, n, amount)
  values (p_metric, date_trunc('month', p_at at time zone 'UTC')::date, p_shard, p_n, p_amount)
  on conflict (metric, bucket, shard)
  do update set n = stat_counters.n + excluded.n, amount = stat_counters.amount + excluded.amount
$$`;

/** 'owners:<status>:<live|deleted>:<website|manual>:<direct|referred>:<reviewed|unreviewed>'. */
export const OWNER_STAT_METRIC = `
create or replace function owner_stat_metric(p_status text, p_deleted_at timestamptz, p_source text,
  p_agent_id bigint, p_reviewed boolean)
returns text language sql immutable as $$
  select 'owners:' || p_status || ':' || case when p_deleted_at is null then 'live' else 'deleted' end
    || ':' || p_source || ':' || case when p_agent_id is null then 'direct' else 'referred' end
    || ':' || case when p_reviewed then 'reviewed' else 'unreviewed' end
$$`;

export const OWNER_HAS_REVIEWS = `
create or replace function owner_has_reviews(p_owner_id bigint) returns boolean language sql stable as $$
  select coalesce((select review_count > 0 from owner_review_stats where owner_id = p_owner_id), false)
$$`;

// ------------------------------------------------------------------------------ reviews

/** Row level: deletes and updates (inserts are counted per statement since 0007). */
export const STAT_COUNTERS_REVIEWS = `
create or replace function stat_counters_reviews() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform stat_counter_add('reviews', old.created_at, (old.owner_id % 16)::integer, -1, -old.rating::bigint);
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    perform stat_counter_add('reviews', new.created_at, (new.owner_id % 16)::integer, 1, new.rating::bigint);
  end if;
  return null;
end $$`;

/**
 * Statement level: one counter update per month of a batch, on the shard of the database session,
 * so two batches on two connections never wait for each other's counter row.
 */
export const STAT_COUNTERS_REVIEWS_INSERTED = `
create or replace function stat_counters_reviews_inserted() returns trigger language plpgsql as $$
begin
  insert into stat_counters (metric, bucket, shard, n, amount)
  select 'reviews', date_trunc('month', created_at at time zone 'UTC')::date, pg_backend_pid() % 16,
         count(*), sum(rating)
    from inserted group by 2 order by 2
  on conflict (metric, bucket, shard)
  do update set n = stat_counters.n + excluded.n, amount = stat_counters.amount + excluded.amount;
  return null;
end $$`;

// ------------------------------------------------------------------------------ payments

/** A payment counts in the month it was captured, else the month it was created. */
export const STAT_COUNTERS_PAYMENTS = `
create or replace function stat_counters_payments() returns trigger language plpgsql as $$
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
end $$`;

export const STAT_COUNTERS_MANUAL_PAYMENTS = `
create or replace function stat_counters_manual_payments() returns trigger language plpgsql as $$
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
end $$`;

// ------------------------------------------------------------------------------ owners

/**
 * After insert and update; before delete, while the owner's review counters still exist (the
 * cascade removes them after the row is gone).
 */
export const STAT_COUNTERS_OWNERS = `
create or replace function stat_counters_owners() returns trigger language plpgsql as $$
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
end $$`;

/**
 * Row level, now only for deletes of owner_review_stats rows: an owner's last review counters
 * going moves it from reviewed to unreviewed. The owner row is share-locked so a concurrent edit of
 * the owner is counted after, not across, it.
 */
export const STAT_COUNTERS_OWNER_REVIEWS = `
create or replace function stat_counters_owner_reviews() returns trigger language plpgsql as $$
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
end $$`;

/**
 * (was, is_now) per owner whose review_count crossed zero in one statement: the owners are
 * share-locked and their counter rows taken in one sorted order, so two batches never deadlock.
 */
export const STAT_COUNTERS_OWNER_REVIEW_CHANGES = `
create or replace function stat_counters_owner_review_changes(p_changes jsonb) returns void language plpgsql as $$
begin
  with changes as (
    select (c->>'owner_id')::bigint as owner_id, (c->>'was')::boolean as was, (c->>'is_now')::boolean as is_now
      from jsonb_array_elements(p_changes) c
  ),
  locked as (
    select o.id, o.status, o.deleted_at, o.registration_source, o.agent_id, o.created_at
      from owners o where o.id in (select owner_id from changes) order by o.id for share
  ),
  deltas as (
    select owner_stat_metric(o.status, o.deleted_at, o.registration_source, o.agent_id, c.was) as metric,
           o.created_at, o.id, -1 as n
      from changes c join locked o on o.id = c.owner_id
    union all
    select owner_stat_metric(o.status, o.deleted_at, o.registration_source, o.agent_id, c.is_now),
           o.created_at, o.id, 1
      from changes c join locked o on o.id = c.owner_id
  )
  insert into stat_counters (metric, bucket, shard, n, amount)
  select metric, date_trunc('month', created_at at time zone 'UTC')::date, (id % 4)::smallint, sum(n), 0
    from deltas group by 1, 2, 3 having sum(n) <> 0 order by 1, 2, 3
  on conflict (metric, bucket, shard) do update set n = stat_counters.n + excluded.n;
end $$`;

export const STAT_COUNTERS_OWNER_REVIEWS_INSERTED = `
create or replace function stat_counters_owner_reviews_inserted() returns trigger language plpgsql as $$
begin
  perform stat_counters_owner_review_changes(coalesce((
    select jsonb_agg(jsonb_build_object('owner_id', owner_id, 'was', false, 'is_now', true))
      from inserted where review_count > 0), '[]'::jsonb));
  return null;
end $$`;

export const STAT_COUNTERS_OWNER_REVIEWS_UPDATED = `
create or replace function stat_counters_owner_reviews_updated() returns trigger language plpgsql as $$
begin
  perform stat_counters_owner_review_changes(coalesce((
    select jsonb_agg(jsonb_build_object('owner_id', n.owner_id, 'was', o.review_count > 0,
                                        'is_now', n.review_count > 0))
      from old_rows o join new_rows n on n.owner_id = o.owner_id
     where (o.review_count > 0) <> (n.review_count > 0)), '[]'::jsonb));
  return null;
end $$`;

// ------------------------------------------------------------------------------ activity

/** Row level, now only for deletes (inserts are counted per statement since 0007). */
export const STAT_COUNTERS_ACTIVITY = `
create or replace function stat_counters_activity() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    perform stat_counter_add('activity', old.created_at, (old.id % 8)::integer, -1, 0);
  else
    perform stat_counter_add('activity', new.created_at, (new.id % 8)::integer, 1, 0);
  end if;
  return null;
end $$`;

export const STAT_COUNTERS_ACTIVITY_INSERTED = `
create or replace function stat_counters_activity_inserted() returns trigger language plpgsql as $$
begin
  insert into stat_counters (metric, bucket, shard, n, amount)
  select 'activity', date_trunc('month', created_at at time zone 'UTC')::date, pg_backend_pid() % 8,
         count(*), 0
    from inserted group by 2 order by 2
  on conflict (metric, bucket, shard)
  do update set n = stat_counters.n + excluded.n;
  return null;
end $$`;

// ------------------------------------------------------------------------------ review days

/*
 * `owner_review_days` (migration 0022): per business and IST day, the counts the All branches view
 * reads (reviews, rating sum, positive and low ratings, with a message, replied, from a request),
 * so a chain's figures over a year read 50 x 365 rows instead of its reviews. Kept per statement;
 * a delete only updates rows (never inserts, so a business being deleted is never written again).
 */

const IST_DAY = `(created_at at time zone '${IST_TIME_ZONE}')::date`;

/** The signed counts of `rows` (with a column s of +1 or -1) per (owner_id, day). */
const reviewDayDeltas = (rows: string) => `
  select owner_id, ${IST_DAY} as day, sum(s) as reviews, sum(s * rating) as rating_sum,
         sum(case when rating >= ${POSITIVE_RATING_MIN} then s else 0 end) as positive,
         sum(case when rating <= ${LOW_RATING_MAX} then s else 0 end) as low,
         sum(case when message <> '' then s else 0 end) as with_message,
         sum(case when reply_status = 'sent' then s else 0 end) as replied,
         sum(case when review_request_id is not null then s else 0 end) as from_requests
    from (${rows}) r group by 1, 2`;

const REVIEW_DAY_COLUMNS = [
  'reviews',
  'rating_sum',
  'positive',
  'low',
  'with_message',
  'replied',
  'from_requests',
];
const addExcluded = REVIEW_DAY_COLUMNS.map((c) => `${c} = owner_review_days.${c} + excluded.${c}`).join(', ');
const ROW_COLUMNS = 'owner_id, created_at, rating, message, reply_status, review_request_id';

const upsertReviewDays = (rows: string) => `
  insert into owner_review_days (owner_id, day, ${REVIEW_DAY_COLUMNS.join(', ')})
  select * from (${reviewDayDeltas(rows)}) d
   where reviews <> 0 or rating_sum <> 0 or positive <> 0 or low <> 0 or with_message <> 0
      or replied <> 0 or from_requests <> 0
   order by owner_id, day
  on conflict (owner_id, day) do update set ${addExcluded}`;

export const REVIEW_DAYS_INSERTED = `
create or replace function review_days_inserted() returns trigger language plpgsql as $$
begin
  ${upsertReviewDays(`select ${ROW_COLUMNS}, 1 as s from inserted`)};
  return null;
end $$`;

export const REVIEW_DAYS_UPDATED = `
create or replace function review_days_updated() returns trigger language plpgsql as $$
begin
  ${upsertReviewDays(`select ${ROW_COLUMNS}, 1 as s from new_rows union all select ${ROW_COLUMNS}, -1 from old_rows`)};
  return null;
end $$`;

export const REVIEW_DAYS_DELETED = `
create or replace function review_days_deleted() returns trigger language plpgsql as $$
begin
  update owner_review_days o
     set ${REVIEW_DAY_COLUMNS.map((c) => `${c} = o.${c} + d.${c}`).join(', ')}
    from (${reviewDayDeltas(`select ${ROW_COLUMNS}, -1 as s from old_rows`)}) d
   where o.owner_id = d.owner_id and o.day = d.day;
  return null;
end $$`;

/** The review days recomputed from the rows, into an empty owner_review_days. */
export const RECOUNT_REVIEW_DAYS = `
insert into owner_review_days (owner_id, day, ${REVIEW_DAY_COLUMNS.join(', ')})
${reviewDayDeltas(`select ${ROW_COLUMNS}, 1 as s from reviews`)}`;

/** Every counter function by its SQL name, helpers first (SQL-language bodies are checked on create). */
/** GST invoiced (migration 0027): invoices are only ever inserted. */
export const STAT_COUNTERS_INVOICES = `
create or replace function stat_counters_invoices() returns trigger language plpgsql as $$
begin
  perform stat_counter_add('gst:' || new.kind, new.issued_at, (new.id % 4)::integer, 1,
    new.cgst + new.sgst + new.igst);
  return null;
end $$`;

export const COUNTER_FUNCTIONS = {
  stat_counter_add: STAT_COUNTER_ADD,
  owner_stat_metric: OWNER_STAT_METRIC,
  owner_has_reviews: OWNER_HAS_REVIEWS,
  stat_counters_reviews: STAT_COUNTERS_REVIEWS,
  stat_counters_reviews_inserted: STAT_COUNTERS_REVIEWS_INSERTED,
  stat_counters_payments: STAT_COUNTERS_PAYMENTS,
  stat_counters_manual_payments: STAT_COUNTERS_MANUAL_PAYMENTS,
  stat_counters_owners: STAT_COUNTERS_OWNERS,
  stat_counters_owner_reviews: STAT_COUNTERS_OWNER_REVIEWS,
  stat_counters_owner_review_changes: STAT_COUNTERS_OWNER_REVIEW_CHANGES,
  stat_counters_owner_reviews_inserted: STAT_COUNTERS_OWNER_REVIEWS_INSERTED,
  stat_counters_owner_reviews_updated: STAT_COUNTERS_OWNER_REVIEWS_UPDATED,
  stat_counters_activity: STAT_COUNTERS_ACTIVITY,
  review_days_inserted: REVIEW_DAYS_INSERTED,
  review_days_updated: REVIEW_DAYS_UPDATED,
  review_days_deleted: REVIEW_DAYS_DELETED,
  stat_counters_activity_inserted: STAT_COUNTERS_ACTIVITY_INSERTED,
  stat_counters_invoices: STAT_COUNTERS_INVOICES,
} as const;

// ------------------------------------------------------------------------------ triggers

const trigger = <const T extends string, const N extends string>(table: T, name: N, definition: string) => ({
  table,
  name,
  sql: `create or replace trigger ${name} ${definition.trim()}`,
});

/** Every counter trigger, with its table (a bulk load may switch them off, then rebuild). */
export const COUNTER_TRIGGERS = [
  trigger(
    'reviews',
    'reviews_stat_counters',
    `after delete or update of owner_id, rating, created_at
     on reviews for each row execute function stat_counters_reviews()`,
  ),
  trigger(
    'reviews',
    'reviews_stat_counters_insert',
    `after insert on reviews
     referencing new table as inserted for each statement execute function stat_counters_reviews_inserted()`,
  ),
  trigger(
    'reviews',
    'reviews_day_counters_insert',
    `after insert on reviews
     referencing new table as inserted for each statement execute function review_days_inserted()`,
  ),
  trigger(
    'reviews',
    'reviews_day_counters_update',
    `after update on reviews
     referencing old table as old_rows new table as new_rows
     for each statement execute function review_days_updated()`,
  ),
  trigger(
    'reviews',
    'reviews_day_counters_delete',
    `after delete on reviews
     referencing old table as old_rows for each statement execute function review_days_deleted()`,
  ),
  trigger(
    'payments',
    'payments_stat_counters',
    `after insert or delete or update of status, amount, captured_at, created_at
     on payments for each row execute function stat_counters_payments()`,
  ),
  trigger(
    'manual_payments',
    'manual_payments_stat_counters',
    `after insert or delete or update of payment_method, amount, created_at
     on manual_payments for each row execute function stat_counters_manual_payments()`,
  ),
  trigger(
    'owners',
    'owners_stat_counters',
    `after insert or update of status, deleted_at, registration_source, agent_id, created_at
     on owners for each row execute function stat_counters_owners()`,
  ),
  trigger(
    'owners',
    'owners_stat_counters_delete',
    `before delete on owners for each row execute function stat_counters_owners()`,
  ),
  trigger(
    'owner_review_stats',
    'owner_review_stats_stat_counters',
    `after delete on owner_review_stats for each row execute function stat_counters_owner_reviews()`,
  ),
  trigger(
    'owner_review_stats',
    'owner_review_stats_stat_counters_insert',
    `after insert on owner_review_stats
     referencing new table as inserted for each statement execute function stat_counters_owner_reviews_inserted()`,
  ),
  trigger(
    'owner_review_stats',
    'owner_review_stats_stat_counters_update',
    `after update on owner_review_stats
     referencing old table as old_rows new table as new_rows
     for each statement execute function stat_counters_owner_reviews_updated()`,
  ),
  trigger(
    'activity_events',
    'activity_events_stat_counters',
    `after delete on activity_events for each row execute function stat_counters_activity()`,
  ),
  trigger(
    'invoices',
    'invoices_stat_counters',
    `after insert on invoices for each row execute function stat_counters_invoices()`,
  ),
  trigger(
    'activity_events',
    'activity_events_stat_counters_insert',
    `after insert on activity_events
     referencing new table as inserted for each statement execute function stat_counters_activity_inserted()`,
  ),
] as const;

// ------------------------------------------------------------------------------ recount

/**
 * Every counter recomputed from the rows, in one `insert … select … group by` into an empty
 * stat_counters (the shards of a recount differ from the triggers' ones; totals are the same).
 */
export const RECOUNT_STAT_COUNTERS = `
insert into stat_counters (metric, bucket, shard, n, amount)
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
  select owner_stat_metric(o.status, o.deleted_at, o.registration_source, o.agent_id,
           coalesce(s.review_count, 0) > 0),
         date_trunc('month', o.created_at at time zone 'UTC')::date, (o.id % 4)::smallint, count(*), 0
    from owners o left join owner_review_stats s on s.owner_id = o.id group by 1, 2, 3
  union all
  select 'activity', date_trunc('month', created_at at time zone 'UTC')::date, (id % 8)::smallint, count(*), 0
    from activity_events group by 1, 2, 3
  union all
  select 'gst:' || kind, date_trunc('month', issued_at at time zone 'UTC')::date, (id % 4)::smallint, count(*),
         sum(cgst + sgst + igst)::bigint
    from invoices group by 1, 2, 3
) s group by metric, bucket, shard`;
