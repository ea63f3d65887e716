import { type Kysely, sql } from 'kysely';

/**
 * Counters for reviews and activity events are added once per INSERT statement instead of once per
 * row (frozen once shipped). The review page stores reviews in batches (group commit): one statement
 * of 200 reviews now makes one counter update per month instead of 200, and the shard is chosen by
 * the database session, so two batches on two connections never wait for each other's counter row.
 * Readers sum over shards, so which shard a row lands in never changes a total. An owner's first
 * review (reviewed/unreviewed owner counters) is counted per statement too, its counter rows taken
 * in one sorted order, so two batches can never deadlock on them. Deletes keep the row-level
 * triggers of 0003.
 */
const statements = [
  `create function stat_counters_reviews_inserted() returns trigger language plpgsql as $$
   begin
     insert into stat_counters (metric, bucket, shard, n, amount)
     select 'reviews', date_trunc('month', created_at at time zone 'UTC')::date, pg_backend_pid() % 16,
            count(*), sum(rating)
       from inserted group by 2 order by 2
     on conflict (metric, bucket, shard)
     do update set n = stat_counters.n + excluded.n, amount = stat_counters.amount + excluded.amount;
     return null;
   end $$`,
  `drop trigger reviews_stat_counters on reviews`,
  `create trigger reviews_stat_counters after delete or update of owner_id, rating, created_at
   on reviews for each row execute function stat_counters_reviews()`,
  `create trigger reviews_stat_counters_insert after insert on reviews
   referencing new table as inserted for each statement execute function stat_counters_reviews_inserted()`,

  `create function stat_counters_activity_inserted() returns trigger language plpgsql as $$
   begin
     insert into stat_counters (metric, bucket, shard, n, amount)
     select 'activity', date_trunc('month', created_at at time zone 'UTC')::date, pg_backend_pid() % 8,
            count(*), 0
       from inserted group by 2 order by 2
     on conflict (metric, bucket, shard)
     do update set n = stat_counters.n + excluded.n;
     return null;
   end $$`,
  `drop trigger activity_events_stat_counters on activity_events`,
  `create trigger activity_events_stat_counters after delete
   on activity_events for each row execute function stat_counters_activity()`,
  `create trigger activity_events_stat_counters_insert after insert on activity_events
   referencing new table as inserted for each statement execute function stat_counters_activity_inserted()`,

  // (was, is_now) per owner whose review_count crossed zero, with the owner share-locked (as in 0003)
  // so a concurrent edit of the owner is counted after, not across, it.
  `create function stat_counters_owner_review_changes(p_changes jsonb) returns void language plpgsql as $$
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
   end $$`,
  `create function stat_counters_owner_reviews_inserted() returns trigger language plpgsql as $$
   begin
     perform stat_counters_owner_review_changes(coalesce((
       select jsonb_agg(jsonb_build_object('owner_id', owner_id, 'was', false, 'is_now', true))
         from inserted where review_count > 0), '[]'::jsonb));
     return null;
   end $$`,
  `create function stat_counters_owner_reviews_updated() returns trigger language plpgsql as $$
   begin
     perform stat_counters_owner_review_changes(coalesce((
       select jsonb_agg(jsonb_build_object('owner_id', n.owner_id, 'was', o.review_count > 0,
                                           'is_now', n.review_count > 0))
         from old_rows o join new_rows n on n.owner_id = o.owner_id
        where (o.review_count > 0) <> (n.review_count > 0)), '[]'::jsonb));
     return null;
   end $$`,
  `drop trigger owner_review_stats_stat_counters on owner_review_stats`,
  `create trigger owner_review_stats_stat_counters after delete
   on owner_review_stats for each row execute function stat_counters_owner_reviews()`,
  `create trigger owner_review_stats_stat_counters_insert after insert on owner_review_stats
   referencing new table as inserted for each statement execute function stat_counters_owner_reviews_inserted()`,
  `create trigger owner_review_stats_stat_counters_update after update on owner_review_stats
   referencing old table as old_rows new table as new_rows
   for each statement execute function stat_counters_owner_reviews_updated()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const drops = [
    'drop trigger if exists owner_review_stats_stat_counters_update on owner_review_stats',
    'drop trigger if exists owner_review_stats_stat_counters_insert on owner_review_stats',
    'drop trigger if exists owner_review_stats_stat_counters on owner_review_stats',
    `create trigger owner_review_stats_stat_counters after insert or delete or update of review_count
     on owner_review_stats for each row execute function stat_counters_owner_reviews()`,
    'drop function if exists stat_counters_owner_reviews_updated()',
    'drop function if exists stat_counters_owner_reviews_inserted()',
    'drop function if exists stat_counters_owner_review_changes(jsonb)',
    'drop trigger if exists activity_events_stat_counters_insert on activity_events',
    'drop trigger if exists activity_events_stat_counters on activity_events',
    `create trigger activity_events_stat_counters after insert or delete
     on activity_events for each row execute function stat_counters_activity()`,
    'drop function if exists stat_counters_activity_inserted()',
    'drop trigger if exists reviews_stat_counters_insert on reviews',
    'drop trigger if exists reviews_stat_counters on reviews',
    `create trigger reviews_stat_counters after insert or delete or update of owner_id, rating, created_at
     on reviews for each row execute function stat_counters_reviews()`,
    'drop function if exists stat_counters_reviews_inserted()',
  ];
  for (const statement of drops) await sql.raw(statement).execute(db);
}
