import type { SelectQueryBuilder } from 'kysely';
import type { TDb } from '../client.ts';
import type { Database, TActivityEvent } from '../database.ts';
import { readPage, sortedWindow, type TPage, type TPageReader, type TPageRequest } from './paging.ts';
import { countFromCounters } from './stat-counters.ts';

export interface TActivityInput {
  type: string;
  message: string;
  code?: string | null;
  ownerId?: number | null;
  adminId?: number | null;
  meta?: Record<string, unknown> | null;
}

/** Append-only event log (decisions.md: Admin side). */
export async function recordActivity(db: TDb, event: TActivityInput): Promise<void> {
  await db
    .insertInto('activityEvents')
    .values({
      type: event.type,
      message: event.message,
      code: event.code ?? null,
      ownerId: event.ownerId ?? null,
      adminId: event.adminId ?? null,
      meta: event.meta ? JSON.stringify(event.meta) : null,
    })
    .execute();
}

type TActivityQuery = SelectQueryBuilder<Database, 'activityEvents', object>;

/** A page of events, newest first, with the columns `select` picks; the total comes from the counters. */
function newestEvents<Row>(
  db: TDb,
  query: TPageRequest,
  select: (from: TActivityQuery) => SelectQueryBuilder<Database, 'activityEvents', Row>,
): Promise<TPage<Row>> {
  return readPage(query, {
    total: () => countFromCounters(db, 'activity'),
    readRows: (window) =>
      sortedWindow(select(db.selectFrom('activityEvents')), window, ['createdAt', 'id']).execute(),
  });
}

/** Every column of a page of events, newest first. */
export function listActivity(db: TDb, query: TPageRequest): Promise<TPage<TActivityEvent>> {
  return newestEvents(db, query, (from) => from.selectAll());
}

export type TActivityListRow = Pick<TActivityEvent, 'id' | 'type' | 'message' | 'code' | 'createdAt'>;

/** The admin overview's activity list, newest first. */
export const listActivityPage: TPageReader<TPageRequest, TActivityListRow> = (db, query) =>
  newestEvents(db, query, (from) => from.select(['id', 'type', 'message', 'code', 'createdAt']));
