import type { TDb } from '../client.ts';
import type { TActivityEvent } from '../database.ts';

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

export async function listActivity(
  db: TDb,
  { page, limit }: { page: number; limit: number },
): Promise<{ rows: TActivityEvent[]; total: number }> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('activityEvents')
      .selectAll()
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    db
      .selectFrom('activityEvents')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}
