import type { TDb } from '../client.ts';

/** The back-office records an admin deletes by id (agents, leads). */
type TRecordTable = 'agents' | 'leads';

/** Deletes one record by id: true when it was there. */
export async function deleteRecord(db: TDb, table: TRecordTable, id: number): Promise<boolean> {
  const result = await db.deleteFrom(table).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
