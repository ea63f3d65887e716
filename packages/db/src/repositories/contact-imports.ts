import type { TDb } from '../client.ts';
import type { TContactImportRow } from '../database.ts';

/**
 * An owner's contacts file import (migration 0016): the file's rows kept for a day while they are
 * added chunk by chunk, then only its figures.
 */

export async function insertContactImport(
  db: TDb,
  values: { ownerId: number; fileName: string; rows: TContactImportRow[]; expiresAt: Date },
): Promise<number> {
  const row = await db
    .insertInto('contactImports')
    .values({
      ownerId: values.ownerId,
      fileName: values.fileName,
      rows: JSON.stringify(values.rows),
      total: values.rows.length,
      expiresAt: values.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The owner's unexpired import, locked for its next chunk. */
export async function lockContactImport(db: TDb, ownerId: number, id: number, now: Date) {
  return db
    .selectFrom('contactImports')
    .selectAll()
    .where('id', '=', id)
    .where('ownerId', '=', ownerId)
    .where('expiresAt', '>', now)
    .forUpdate()
    .executeTakeFirst();
}

export async function recordContactImportChunk(
  db: TDb,
  id: number,
  {
    committed,
    created,
    merged,
    skipped,
    done,
  }: { committed: number; created: number; merged: number; skipped: number; done: boolean },
): Promise<void> {
  await db
    .updateTable('contactImports')
    .set({
      committed,
      created,
      merged,
      skipped,
      status: done ? 'done' : 'importing',
      // A finished import keeps only its figures.
      ...(done ? { rows: '[]' } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** Drops imports past their day (the maintenance job). */
export async function deleteExpiredContactImports(db: TDb, now: Date): Promise<number> {
  const result = await db.deleteFrom('contactImports').where('expiresAt', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
