import { sql } from 'kysely';
import type { TDb } from '../client.ts';
import type { TLead, TNewLead } from '../database.ts';

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
  return db
    .updateTable('leads')
    .set({ ...patch, updatedAt: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteLead(db: TDb, id: number): Promise<boolean> {
  const result = await db.deleteFrom('leads').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
