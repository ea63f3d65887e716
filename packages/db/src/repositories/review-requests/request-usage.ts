import { sql } from 'kysely';
import type { TDb } from '../../client.ts';
import { everyMonth } from '../months.ts';

/** The monthly usage the plan quota reads (migration 0016): requests per owner and IST month. */

export async function getRequestUsage(db: TDb, ownerId: number, month: string): Promise<number> {
  const [usage] = await listOwnerRequestUsage(db, ownerId, [month]);
  return usage!.requests;
}

/** Adds (or, for cancelled requests, takes back) requests of an owner's IST month. */
export async function addRequestUsage(db: TDb, ownerId: number, month: string, delta: number): Promise<void> {
  if (delta === 0) return;
  await sql`insert into request_usage (owner_id, month, requests) values (${ownerId}, ${month}, ${Math.max(0, delta)})
    on conflict (owner_id, month)
    do update set requests = greatest(0, request_usage.requests + ${delta})`.execute(db);
}

export async function listOwnerRequestUsage(
  db: TDb,
  ownerId: number,
  months: string[],
): Promise<{ month: string; requests: number }[]> {
  const rows = await db
    .selectFrom('requestUsage')
    .select(['month', 'requests'])
    .where('ownerId', '=', ownerId)
    .where('month', 'in', months)
    .execute();
  return everyMonth(months, rows, (month) => ({ month, requests: 0 }));
}

/** Requests of every owner in one month (one row per owner that sent any). */
export async function platformRequestUsage(
  db: TDb,
  month: string,
): Promise<{ requests: number; owners: number }> {
  const row = await db
    .selectFrom('requestUsage')
    .select([
      sql<number>`coalesce(sum(requests), 0)::int`.as('requests'),
      sql<number>`(count(*) filter (where requests > 0))::int`.as('owners'),
    ])
    .where('month', '=', month)
    .executeTakeFirstOrThrow();
  return row;
}
