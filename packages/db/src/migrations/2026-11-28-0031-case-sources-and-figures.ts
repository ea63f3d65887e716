import { type Kysely, sql } from 'kysely';

/**
 * Feedback cases (issue 33 items 2 and 8):
 * - cases.google_review_id: a new 1-3 star Google review opens a case too. A case belongs to
 *   exactly one review, a QR one (review_id) or a Google one (google_review_id), each unique so an
 *   import replayed opens nothing twice; deleting the review deletes its case, as for QR reviews.
 * - placements.kind: 'place' (a table, a counter, a bag insert) or 'staff' (a team member's own QR
 *   code), so the dashboard can rank staff (the staff leaderboard).
 * - cases_due_idx: open cases by due time, for the overdue count (and an overdue filter).
 * - The inbox with 100,000 cases (p95 <= 50 ms): case_counts (cases per business, status,
 *   assignee (0 for none) and rating), kept by statement triggers with transition tables, gives the list its
 *   total without counting the rows; cases_owner_assignee_idx reads one person's cases per branch
 *   newest first.
 * Frozen once shipped.
 */
const statements = [
  `alter table cases alter column review_id drop not null`,
  `alter table cases add column google_review_id bigint references google_reviews (id) on delete cascade`,
  `alter table cases add constraint cases_google_review_id_key unique (google_review_id)`,
  `alter table cases add constraint cases_one_review check (num_nonnulls(review_id, google_review_id) = 1)`,
  `alter table placements add column kind text not null default 'place' check (kind in ('place', 'staff'))`,
  `create index cases_due_idx on cases (owner_id, due_at) where first_response_at is null`,
  `create index cases_owner_assignee_idx on cases (owner_id, assignee_person_id, created_at desc, id desc)
     where assignee_person_id is not null`,
  `create table case_counts (
    owner_id bigint not null references owners (id) on delete cascade,
    status text not null,
    assignee_person_id bigint not null default 0,
    rating smallint not null,
    cases integer not null default 0,
    primary key (owner_id, status, assignee_person_id, rating)
  )`,
  // Rows are upserted in key order, so two statements lock alike. A delete only updates rows: a
  // business being deleted (its cases going with it) is never written again.
  `create function case_counts_apply() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then
      insert into case_counts (owner_id, status, assignee_person_id, rating, cases)
        select owner_id, status, coalesce(assignee_person_id, 0), rating, count(*)
          from new_rows group by 1, 2, 3, 4 order by 1, 2, 3, 4
      on conflict (owner_id, status, assignee_person_id, rating)
      do update set cases = case_counts.cases + excluded.cases;
    elsif tg_op = 'UPDATE' then
      insert into case_counts (owner_id, status, assignee_person_id, rating, cases)
        select owner_id, status, assignee, rating, sum(n)
          from (select owner_id, status, coalesce(assignee_person_id, 0) as assignee, rating, 1 as n
                  from new_rows
                union all
                select owner_id, status, coalesce(assignee_person_id, 0), rating, -1 from old_rows) moved
         group by 1, 2, 3, 4 having sum(n) <> 0 order by 1, 2, 3, 4
      on conflict (owner_id, status, assignee_person_id, rating)
      do update set cases = case_counts.cases + excluded.cases;
    else
      update case_counts c set cases = c.cases - gone.n
        from (select owner_id, status, coalesce(assignee_person_id, 0) as assignee, rating, count(*) as n
                from old_rows group by 1, 2, 3, 4) gone
       where c.owner_id = gone.owner_id and c.status = gone.status and c.assignee_person_id = gone.assignee
         and c.rating = gone.rating;
    end if;
    return null;
  end $$`,
  `create trigger case_counts_insert after insert on cases
     referencing new table as new_rows for each statement execute function case_counts_apply()`,
  `create trigger case_counts_update after update on cases
     referencing old table as old_rows new table as new_rows for each statement execute function case_counts_apply()`,
  `create trigger case_counts_delete after delete on cases
     referencing old table as old_rows for each statement execute function case_counts_apply()`,
  `insert into case_counts (owner_id, status, assignee_person_id, rating, cases)
     select owner_id, status, coalesce(assignee_person_id, 0), rating, count(*) from cases group by 1, 2, 3, 4`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger case_counts_insert on cases`.execute(db);
  await sql`drop trigger case_counts_update on cases`.execute(db);
  await sql`drop trigger case_counts_delete on cases`.execute(db);
  await sql`drop function case_counts_apply()`.execute(db);
  await sql`drop table case_counts`.execute(db);
  await sql`drop index cases_owner_assignee_idx`.execute(db);
  await sql`drop index cases_due_idx`.execute(db);
  await sql`alter table placements drop column kind`.execute(db);
  await sql`delete from cases where review_id is null`.execute(db);
  await sql`alter table cases drop constraint cases_one_review`.execute(db);
  await sql`alter table cases drop column google_review_id`.execute(db);
  await sql`alter table cases alter column review_id set not null`.execute(db);
}
