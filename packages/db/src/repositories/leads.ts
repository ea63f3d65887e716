import type { TLeadSortField, TLeadSource, TLeadStatus } from '@starloop/contract';
import { sql } from 'kysely';
import type { TDb } from '../client.ts';
import type { TLead, TNewLead } from '../database.ts';
import { monthStartOf } from './months.ts';
import { countOf, countRows, readPage, sortedWindow, type TPage, type TSortedListQuery } from './paging.ts';
import { deleteRecord, recordSortKey, updateRecord } from './records.ts';
import { containsPattern } from './search.ts';

export async function insertLead(db: TDb, lead: TNewLead): Promise<TLead> {
  return db.insertInto('leads').values(lead).returningAll().executeTakeFirstOrThrow();
}

/** Takes the id the next lead would get, without storing one (a discarded lead looks stored). */
export async function takeLeadId(db: TDb): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    select nextval(pg_get_serial_sequence('leads', 'id'))::int as id`.execute(db);
  return rows[0]!.id;
}

export async function findLeadById(db: TDb, id: number): Promise<TLead | undefined> {
  return db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateLead(
  db: TDb,
  id: number,
  patch: Partial<Omit<TNewLead, 'id' | 'createdAt'>>,
): Promise<TLead | undefined> {
  return updateRecord(db, 'leads', id, patch);
}

export const deleteLead = (db: TDb, id: number): Promise<boolean> => deleteRecord(db, 'leads', id);

// ------------------------------------------------------------------------------ admin leads list

/** The same expression as the leads_search_idx trigram index. */
const leadSearchText = sql<string>`lower(leads.name || ' ' || leads.email || ' ' || leads.contact_number || ' ' || leads.bussiness || ' ' || leads.subject || ' ' || leads.message || ' ' || leads.source || ' ' || leads.status)`;

export interface TLeadListQuery extends TSortedListQuery<TLeadSortField> {
  status?: TLeadStatus | undefined;
  source?: TLeadSource | undefined;
}

/** A page of leads; the total is a count (leads have no counters). */
export async function listLeadsPage(db: TDb, query: TLeadListQuery): Promise<TPage<TLead>> {
  let base = db.selectFrom('leads');
  if (query.search) base = base.where(leadSearchText, 'like', containsPattern(query.search));
  if (query.status) base = base.where('leads.status', '=', query.status);
  if (query.source) base = base.where('leads.source', '=', query.source);
  return readPage(query, {
    total: () => countOf(base),
    readRows: (window) => {
      const keys =
        query.sortBy === 'id'
          ? ['leads.id' as const]
          : [recordSortKey('leads', query.sortBy), 'leads.id' as const];
      return sortedWindow(base.selectAll('leads'), window, keys, query.sortOrder).execute();
    },
  });
}

export interface TLeadCountsRow {
  totalLeads: number;
  newLeads: number;
  contactedLeads: number;
  convertedLeads: number;
  thisMonthLeads: number;
}

/** The five lead cards in one pass; the month starts on the 1st, UTC (as in countOwners). */
export async function countLeadsByStatus(db: TDb, now: Date = new Date()): Promise<TLeadCountsRow> {
  return countRows(db.selectFrom('leads'), {
    totalLeads: sql`true`,
    newLeads: sql`status = 'new'`,
    contactedLeads: sql`status = 'contacted'`,
    convertedLeads: sql`status = 'converted'`,
    thisMonthLeads: sql`created_at >= ${monthStartOf(now)}`,
  });
}
