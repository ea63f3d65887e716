import type { TAgentStatus } from '@starloop/contract';
import type { TDb } from '../client.ts';
import type { TAgent } from '../database.ts';

export async function insertAgent(
  db: TDb,
  agent: { code: string; name: string; email: string; phone: string; status?: TAgentStatus },
): Promise<TAgent> {
  return db
    .insertInto('agents')
    .values({ ...agent, email: agent.email.toLowerCase() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findAgentById(db: TDb, id: number): Promise<TAgent | undefined> {
  return db.selectFrom('agents').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Matches the free-text sales representative against an agent's code or name (case-insensitive). */
export async function findAgentByCodeOrName(db: TDb, text: string): Promise<TAgent | undefined> {
  const needle = text.trim().toLowerCase();
  if (!needle) return undefined;
  return db
    .selectFrom('agents')
    .selectAll()
    .where((eb) =>
      eb.or([eb(eb.fn('lower', ['code']), '=', needle), eb(eb.fn('lower', ['name']), '=', needle)]),
    )
    .orderBy('id', 'asc')
    .executeTakeFirst();
}

export async function isAgentCodeTaken(db: TDb, code: string): Promise<boolean> {
  return (
    (await db.selectFrom('agents').select('id').where('code', '=', code).executeTakeFirst()) !== undefined
  );
}

export async function updateAgent(
  db: TDb,
  id: number,
  patch: { name?: string; email?: string; phone?: string; status?: TAgentStatus },
): Promise<TAgent | undefined> {
  return db
    .updateTable('agents')
    .set({ ...patch, ...(patch.email ? { email: patch.email.toLowerCase() } : {}), updatedAt: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteAgent(db: TDb, id: number): Promise<boolean> {
  const result = await db.deleteFrom('agents').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
