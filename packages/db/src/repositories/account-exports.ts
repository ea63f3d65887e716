import { type RawBuilder, sql } from 'kysely';
import type { TDb } from '../client.ts';
import type { TAccountExportRunState } from '../database.ts';
import { accountAuditCondition } from './account-admin.ts';

/*
 * An account's data export (issue 35, item 1): which tables hold the account's rows and how each is
 * read (keyset pages, the secrets left in the database), and the export's own record and file.
 */

/** Whose rows an export reads: the account, its businesses (branches, any state) and its people. */
export interface TAccountExportScope {
  accountId: number;
  businessIds: number[];
  personIds: number[];
}

/** One file of the export: one table's rows of the account. */
export interface TAccountExportTable {
  /** The CSV's name in the ZIP. */
  file: string;
  table: string;
  /** Which of the table's rows are the account's (columns of the table, unqualified). */
  where: (scope: TAccountExportScope) => RawBuilder<boolean>;
  /**
   * Columns to page by (keyset, ascending; the last one unique): tables that grow with the
   * business. Without them the account's rows are read in one statement (settings, a row per
   * branch or month).
   */
  key?: readonly string[];
  /**
   * Read branch by branch (`owner_id` = one branch, not `where`), so that the keyset walks an index
   * that starts with owner_id: the big tables never scan other accounts' rows.
   */
  byBranch?: boolean;
  /** Columns never exported: secrets (sealed credentials, token hashes) and internal locks. */
  omit?: readonly string[];
}

const ids = (list: readonly number[]) => (list.length > 0 ? [...list] : [0]);
const byOwner = (scope: TAccountExportScope) =>
  sql<boolean>`owner_id = any(${ids(scope.businessIds)}::bigint[])`;
const byBusiness = (scope: TAccountExportScope) =>
  sql<boolean>`business_id = any(${ids(scope.businessIds)}::bigint[])`;
const byAccount = (scope: TAccountExportScope) => sql<boolean>`account_id = ${scope.accountId}`;

/**
 * Every table the export writes, in the ZIP's order. `account-export.int.test.ts` lists every table
 * with an owner_id, account_id or business_id column and fails when one is neither here nor in
 * ACCOUNT_EXPORT_EXCLUDED: a new table of the account's rows must be exported or excluded on purpose.
 */
export const ACCOUNT_EXPORT_TABLES: readonly TAccountExportTable[] = [
  { file: 'account.csv', table: 'accounts', where: (scope) => sql<boolean>`id = ${scope.accountId}` },
  { file: 'branches.csv', table: 'owners', where: byAccount, key: ['id'], omit: ['search_text'] },
  { file: 'team.csv', table: 'memberships', where: byAccount },
  {
    file: 'people.csv',
    table: 'persons',
    where: (scope) => sql<boolean>`id = any(${ids(scope.personIds)}::bigint[])`,
    key: ['id'],
    omit: ['password_hash'],
  },
  { file: 'invitations.csv', table: 'invitations', where: byAccount, key: ['id'], omit: ['token_hash'] },
  {
    file: 'reviews.csv',
    table: 'reviews',
    where: byOwner,
    key: ['created_at', 'id'],
    byBranch: true,
    omit: ['reply_lock', 'reply_lock_until'],
  },
  { file: 'review-contacts.csv', table: 'review_contacts', where: byOwner, key: ['review_id'] },
  { file: 'business-codes.csv', table: 'business_code_history', where: byOwner, key: ['code'] },
  { file: 'placements.csv', table: 'placements', where: byOwner, key: ['id'] },
  { file: 'placement-scans.csv', table: 'placement_scans', where: byOwner },
  { file: 'cases.csv', table: 'cases', where: byOwner, key: ['created_at', 'id'], byBranch: true },
  {
    file: 'case-events.csv',
    table: 'case_events',
    where: (scope) =>
      sql<boolean>`case_id in (select id from cases where owner_id = any(${ids(scope.businessIds)}::bigint[]))`,
    key: ['id'],
  },
  { file: 'case-messages.csv', table: 'case_messages', where: byOwner, key: ['id'], omit: ['reply_token'] },
  { file: 'case-reply-templates.csv', table: 'case_reply_templates', where: byAccount },
  { file: 'contacts.csv', table: 'contacts', where: byOwner, key: ['created_at', 'id'], byBranch: true },
  { file: 'contact-imports.csv', table: 'contact_imports', where: byOwner, key: ['id'] },
  { file: 'request-campaigns.csv', table: 'request_campaigns', where: byOwner, key: ['id'] },
  {
    file: 'review-requests.csv',
    table: 'review_requests',
    where: byOwner,
    key: ['created_at', 'id'],
    byBranch: true,
    omit: ['token'],
  },
  {
    file: 'request-deliveries.csv',
    table: 'request_deliveries',
    where: (scope) =>
      sql<boolean>`request_id in (select id from review_requests where owner_id = any(${ids(scope.businessIds)}::bigint[]))`,
    key: ['id'],
  },
  { file: 'request-settings.csv', table: 'owner_request_settings', where: byOwner },
  { file: 'request-usage.csv', table: 'request_usage', where: byOwner },
  { file: 'platform-message-usage.csv', table: 'platform_message_usage', where: byOwner },
  {
    file: 'google-reviews.csv',
    table: 'google_reviews',
    where: byOwner,
    key: ['review_name'],
    byBranch: true,
    omit: ['publish_key'],
  },
  {
    file: 'google-connections.csv',
    table: 'google_connections',
    where: byOwner,
    omit: ['access_token_sealed', 'refresh_token_sealed', 'sync_page_token'],
  },
  { file: 'reply-templates.csv', table: 'reply_templates', where: byOwner },
  {
    file: 'channel-settings.csv',
    table: 'owner_channel_settings',
    where: (scope) => sql<boolean>`(${byAccount(scope)} or ${byOwner(scope)})`,
    omit: ['sealed_secret'],
  },
  { file: 'api-keys.csv', table: 'api_keys', where: byOwner, key: ['id'], omit: ['key_hash'] },
  {
    file: 'webhook-endpoints.csv',
    table: 'webhook_endpoints',
    where: byOwner,
    key: ['id'],
    omit: ['sealed_secret'],
  },
  {
    file: 'webhook-deliveries.csv',
    table: 'webhook_deliveries',
    where: byOwner,
    key: ['created_at', 'id'],
    byBranch: true,
  },
  {
    file: 'data-requests.csv',
    table: 'data_requests',
    where: byOwner,
    key: ['id'],
    omit: ['identifier_hash'],
  },
  { file: 'daily-digests.csv', table: 'owner_digests', where: byOwner },
  { file: 'activity.csv', table: 'activity_events', where: byOwner, key: ['id'] },
  { file: 'audit-trail.csv', table: 'audit_log', where: accountAuditCondition, key: ['id'] },
  {
    file: 'payments.csv',
    table: 'payments',
    where: byOwner,
    key: ['created_at', 'id'],
    byBranch: true,
    omit: ['razorpay_signature'],
  },
  {
    file: 'manual-payments.csv',
    table: 'manual_payments',
    where: (scope) =>
      sql<boolean>`id in (select manual_payment_id from manual_payment_owners where owner_id = any(${ids(scope.businessIds)}::bigint[]))`,
    key: ['id'],
  },
  { file: 'manual-payment-branches.csv', table: 'manual_payment_owners', where: byOwner },
  {
    file: 'invoices.csv',
    table: 'invoices',
    where: (scope) => sql<boolean>`(${byAccount(scope)} or ${byBusiness(scope)})`,
    key: ['id'],
  },
  { file: 'autopay-subscriptions.csv', table: 'autopay_subscriptions', where: byBusiness, key: ['id'] },
  { file: 'renewal-reminders.csv', table: 'renewal_reminders', where: byBusiness, key: ['id'] },
];

/**
 * Tables with the account's rows that the export leaves out on purpose, and why. Everything else
 * with an owner_id, account_id or business_id column must be in ACCOUNT_EXPORT_TABLES.
 */
export const ACCOUNT_EXPORT_EXCLUDED: Readonly<Record<string, string>> = {
  // The exports themselves: the file is the export; its record says when it was made.
  account_exports: 'the export records themselves',
  // Answers replayed for an Idempotency-Key within 2 days: copies of answers already exported.
  api_idempotency_keys: 'replayed API answers kept for retries (2 days)',
  // Figures derived from the reviews and cases in the export, rebuilt from them at any time.
  case_counts: 'figures derived from cases.csv',
  owner_review_stats: 'figures derived from reviews.csv',
  owner_review_days: 'figures derived from reviews.csv',
  // The per-message send ledger (hashed recipients, kept 90 days): the outcome is in request-deliveries.csv.
  channel_send_attempts: 'send ledger with hashed recipients; outcomes in request-deliveries.csv',
  // A Google sign-in round trip's secret, minutes long.
  google_oauth_states: 'short-lived OAuth round-trip secrets',
  // When the last low-rating email went: a throttle, not data.
  low_rating_alert_windows: 'a mail throttle',
};

/** The columns of a table in order, without the ones the export omits: a CSV's header. */
export async function exportColumns(db: TDb, spec: TAccountExportTable): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select column_name as name from information_schema.columns
     where table_schema = current_schema() and table_name = ${spec.table}
     order by ordinal_position`.execute(db);
  const omit = new Set(spec.omit ?? []);
  return rows.map((row) => row.name).filter((name) => !omit.has(name));
}

/** How many rows of the account a table holds (the export's progress counts them off). */
export async function countExportRows(db: TDb, spec: TAccountExportTable, scope: TAccountExportScope) {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from ${sql.table(spec.table)} where ${spec.where(scope)}`.execute(db);
  return rows[0]?.n ?? 0;
}

/** An exported row: column name (as in the database) to its JSON value. */
export type TExportRow = Record<string, unknown>;

/**
 * The account's rows of a table, `batchSize` at a time, each page a keyset query after the last
 * page's key: memory holds one page whatever the table's size. Rows come as the database renders
 * them in JSON (timestamps as ISO 8601 text, jsonb as it is stored), the omitted columns removed in
 * SQL. The key's values travel back as text and are cast to their columns' types, so timestamps
 * keep their microseconds.
 */
export async function* readExportRows(
  db: TDb,
  spec: TAccountExportTable,
  scope: TAccountExportScope,
  batchSize: number,
): AsyncGenerator<TExportRow[]> {
  const table = sql.table(spec.table);
  const omit = [...(spec.omit ?? [])];
  const doc = sql`(to_jsonb(${table}) - ${omit}::text[])::text`;
  if (!spec.key) {
    const { rows } = await sql<{ doc: string }>`
      select ${doc} as doc from ${table} where ${spec.where(scope)}`.execute(db);
    if (rows.length > 0) yield rows.map((row) => JSON.parse(row.doc) as TExportRow);
    return;
  }
  const key = spec.key;
  const { rows: typed } = await sql<{ name: string; type: string }>`
    select column_name as name, data_type as type from information_schema.columns
     where table_schema = current_schema() and table_name = ${spec.table}`.execute(db);
  const types = new Map(typed.map((row) => [row.name, row.type]));
  const columns = sql.join(key.map((column) => sql.ref(`${spec.table}.${column}`)));
  const keyText = sql.join(
    key.map((column, i) => sql`${sql.ref(`${spec.table}.${column}`)}::text as ${sql.ref(`k${i}`)}`),
  );
  const branches = spec.byBranch
    ? scope.businessIds.map((id) => sql<boolean>`owner_id = ${id}`)
    : [spec.where(scope)];
  for (const where of branches) {
    let after: string[] | undefined;
    for (;;) {
      const past = after
        ? sql`and (${columns}) > (${sql.join(after.map((value, i) => sql`${value}::${sql.raw(types.get(key[i] as string) ?? 'text')}`))})`
        : sql``;
      const { rows } = await sql<Record<string, string> & { doc: string }>`
        select ${keyText}, ${doc} as doc from ${table}
         where ${where} ${past}
         order by ${columns} limit ${batchSize}`.execute(db);
      if (rows.length === 0) break;
      yield rows.map((row) => JSON.parse(row.doc) as TExportRow);
      if (rows.length < batchSize) break;
      const last = rows[rows.length - 1] as Record<string, string>;
      after = key.map((_, i) => last[`k${i}`] as string);
    }
  }
}

// ------------------------------------------------------------------------------ the export's record

export interface TAccountExport {
  id: number;
  accountId: number;
  requestedByPersonId: number | null;
  requestedByAdminId: number | null;
  status: TAccountExportRunState;
  progress: number;
  rowCount: number;
  byteSize: number;
  error: string | null;
  createdAt: Date;
  finishedAt: Date | null;
  expiresAt: Date | null;
}

const EXPORT_COLUMNS = [
  'id',
  'accountId',
  'requestedByPersonId',
  'requestedByAdminId',
  'status',
  'progress',
  'rowCount',
  'byteSize',
  'error',
  'createdAt',
  'finishedAt',
  'expiresAt',
] as const;

export async function insertAccountExport(
  db: TDb,
  values: { accountId: number; requestedByPersonId?: number | null; requestedByAdminId?: number | null },
): Promise<TAccountExport> {
  return db
    .insertInto('accountExports')
    .values({
      accountId: values.accountId,
      requestedByPersonId: values.requestedByPersonId ?? null,
      requestedByAdminId: values.requestedByAdminId ?? null,
    })
    .returning(EXPORT_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** An export of this account (undefined when the id is another account's or unknown). */
export async function findAccountExport(
  db: TDb,
  accountId: number,
  id: number,
): Promise<TAccountExport | undefined> {
  return db
    .selectFrom('accountExports')
    .select(EXPORT_COLUMNS)
    .where('id', '=', id)
    .where('accountId', '=', accountId)
    .executeTakeFirst();
}

/** An export by its id alone (the job that builds it). */
export async function findAccountExportById(db: TDb, id: number): Promise<TAccountExport | undefined> {
  return db.selectFrom('accountExports').select(EXPORT_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** The account's exports, newest first. */
export async function listAccountExports(db: TDb, accountId: number, limit = 10): Promise<TAccountExport[]> {
  return db
    .selectFrom('accountExports')
    .select(EXPORT_COLUMNS)
    .where('accountId', '=', accountId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Starts (again) building an export: its earlier pieces, from an attempt that failed, go. */
export async function restartAccountExport(db: TDb, id: number, now: Date): Promise<void> {
  await db.deleteFrom('accountExportChunks').where('exportId', '=', id).execute();
  await db
    .updateTable('accountExports')
    .set({ status: 'running', progress: 0, rowCount: 0, byteSize: 0, error: null, updatedAt: now })
    .where('id', '=', id)
    .execute();
}

export async function setAccountExportProgress(
  db: TDb,
  id: number,
  progress: number,
  now: Date,
): Promise<void> {
  await db
    .updateTable('accountExports')
    .set({ progress, updatedAt: now })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

export async function insertAccountExportChunk(db: TDb, exportId: number, seq: number, data: Uint8Array) {
  await db.insertInto('accountExportChunks').values({ exportId, seq, data }).execute();
}

/** One piece of an export's file, in order; undefined past the last. */
export async function readAccountExportChunk(db: TDb, exportId: number, seq: number) {
  const row = await db
    .selectFrom('accountExportChunks')
    .select('data')
    .where('exportId', '=', exportId)
    .where('seq', '=', seq)
    .executeTakeFirst();
  return row?.data;
}

export async function finishAccountExport(
  db: TDb,
  id: number,
  values: { rowCount: number; byteSize: number; now: Date; expiresAt: Date },
): Promise<void> {
  await db
    .updateTable('accountExports')
    .set({
      status: 'ready',
      progress: 100,
      rowCount: values.rowCount,
      byteSize: values.byteSize,
      finishedAt: values.now,
      expiresAt: values.expiresAt,
      updatedAt: values.now,
    })
    .where('id', '=', id)
    .execute();
}

/** A failed export keeps no file; it expires like a ready one. */
export async function failAccountExport(db: TDb, id: number, error: string, now: Date, expiresAt: Date) {
  await db.deleteFrom('accountExportChunks').where('exportId', '=', id).execute();
  await db
    .updateTable('accountExports')
    .set({ status: 'failed', error, finishedAt: now, expiresAt, updatedAt: now })
    .where('id', '=', id)
    .execute();
}

/** Deletes exports (and their files) whose time is up; answers how many went. */
export async function deleteExpiredAccountExports(db: TDb, now: Date): Promise<number> {
  const result = await db.deleteFrom('accountExports').where('expiresAt', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
