import { type Kysely, sql } from 'kysely';

/**
 * Counters for reviews and activity events are added once per INSERT statement instead of once per
 * row (frozen once shipped). The review page stores reviews in batches (group commit): one statement
 * of 200 reviews now makes one counter update per month instead of 200, and the shard is chosen by
 * the database session, so two batches on two connections never wait for each other's counter row.
 * Readers sum over shards, so which shard a row lands in never changes a total. Updates and deletes
 * keep the row-level triggers of 0003.
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
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const drops = [
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
