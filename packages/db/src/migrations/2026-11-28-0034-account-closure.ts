import { type Kysely, sql } from 'kysely';

/**
 * Their data, their rights (issue 35, items 2, 4 and 5).
 * - accounts.closed_at: the owner closed the account (or null). Its live businesses are soft-deleted
 *   at the same instant and carry owners.closed_at too, so the review page shows the closed page and
 *   every job that skips deleted owners skips them; an admin's reopen restores exactly those.
 *   accounts.erasure_notices counts the emails sent before the erasure (7 days, then 1 day before).
 * - accounts.contact_retention_days / feedback_retention_days: how long customer contact details
 *   and feedback text are kept (defaults 365 days and 3 years, docs/decisions.md).
 * - erased_review_aggregates: what stays of an erased account's reviews for the operator's figures,
 *   counts per month, source and rating, with no business, text or contact.
 * - platform_settings: one row; the grievance officer shown on the privacy page.
 * Frozen once shipped.
 */
const statements = [
  `alter table accounts
     add column closed_at timestamptz,
     add column closed_by_person_id bigint references persons (id) on delete set null,
     add column erasure_notices smallint not null default 0 check (erasure_notices between 0 and 2),
     add column contact_retention_days integer not null default 365
       check (contact_retention_days between 30 and 3650),
     add column feedback_retention_days integer not null default 1095
       check (feedback_retention_days between 30 and 3650)`,
  `create index accounts_closed_idx on accounts (closed_at) where closed_at is not null`,
  `alter table owners add column closed_at timestamptz`,
  `create table erased_review_aggregates (
    month date not null,
    rating smallint not null check (rating between 1 and 5),
    reviews integer not null check (reviews > 0),
    erased_at timestamptz not null default now()
  )`,
  `create index erased_review_aggregates_month_idx on erased_review_aggregates (month)`,
  `create table platform_settings (
    id boolean primary key default true check (id),
    grievance_officer_name text check (char_length(grievance_officer_name) <= 120),
    grievance_officer_email text check (char_length(grievance_officer_email) <= 200),
    grievance_officer_phone text check (char_length(grievance_officer_phone) <= 20),
    updated_at timestamptz not null default now(),
    updated_by_admin_id bigint references admins (id) on delete set null
  )`,
  `insert into platform_settings (id) values (true)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const back = [
    `drop table platform_settings`,
    `drop table erased_review_aggregates`,
    `alter table owners drop column closed_at`,
    `drop index accounts_closed_idx`,
    `alter table accounts drop column closed_at, drop column closed_by_person_id,
       drop column erasure_notices, drop column contact_retention_days, drop column feedback_retention_days`,
  ];
  for (const statement of back) await sql.raw(statement).execute(db);
}
