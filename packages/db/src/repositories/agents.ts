import type { TAgentSortField, TAgentStatus } from '@starloop/contract';
import { sql } from 'kysely';
import type { TDb } from '../client.ts';
import type { TAgent } from '../database.ts';
import { countOf, countRows, readPage, sortedWindow, type TPage, type TSortedListQuery } from './paging.ts';
import { deleteRecord, recordSortKey, updateRecord } from './records.ts';
import { containsPattern } from './search.ts';

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
  return updateRecord(db, 'agents', id, {
    ...patch,
    ...(patch.email ? { email: patch.email.toLowerCase() } : {}),
  });
}

export const deleteAgent = (db: TDb, id: number): Promise<boolean> => deleteRecord(db, 'agents', id);

// ------------------------------------------------------------------------------ admin agents list

export type TAgentWithUsers = TAgent & { userCount: number };

/** Owners (not deleted) that came through the agent. */
export const agentUserCount = sql<number>`(select count(*) from owners o where o.agent_id = agents.id and o.deleted_at is null)::int`;
/** The same expression as the agents_search_idx trigram index. */
const agentSearchText = sql<string>`lower(agents.code || ' ' || agents.name || ' ' || agents.email || ' ' || agents.phone)`;

export interface TAgentListQuery extends TSortedListQuery<TAgentSortField> {
  status?: TAgentStatus | undefined;
}

/** A page of agents with their user counts; the total is a count (agents have no counters). */
export async function listAgentsPage(db: TDb, query: TAgentListQuery): Promise<TPage<TAgentWithUsers>> {
  let base = db.selectFrom('agents');
  if (query.search) base = base.where(agentSearchText, 'like', containsPattern(query.search));
  if (query.status) base = base.where('agents.status', '=', query.status);
  return readPage(query, {
    total: () => countOf(base),
    readRows: (window) => {
      const page = base.selectAll('agents').select(agentUserCount.as('userCount'));
      const sortKey = query.sortBy === 'users' ? agentUserCount : recordSortKey('agents', query.sortBy);
      return sortedWindow(page, window, [sortKey, 'agents.id'], query.sortOrder).execute();
    },
  });
}

export async function findAgentWithUsers(db: TDb, id: number): Promise<TAgentWithUsers | undefined> {
  return db
    .selectFrom('agents')
    .selectAll('agents')
    .select(agentUserCount.as('userCount'))
    .where('agents.id', '=', id)
    .executeTakeFirst();
}

export async function countAgentsByStatus(
  db: TDb,
): Promise<{ total: number; active: number; inactive: number }> {
  return countRows(db.selectFrom('agents'), {
    total: sql`true`,
    active: sql`status = 'active'`,
    inactive: sql`status = 'inactive'`,
  });
}

/** Which of phone / email another agent already uses (phones compared with and without +91). */
export async function findAgentConflicts(
  db: TDb,
  { phone, email, exceptId }: { phone: string; email: string; exceptId?: number },
): Promise<{ phone: boolean; email: boolean }> {
  const digits = phone.replace(/^\+91/, '');
  let query = db
    .selectFrom('agents')
    .select(['phone', 'email'])
    .where((eb) =>
      eb.or([
        eb('phone', 'in', [digits, `+91${digits}`]),
        eb(eb.fn('lower', ['email']), '=', email.toLowerCase()),
      ]),
    );
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  const rows = await query.execute();
  return {
    phone: rows.some((r) => r.phone.replace(/^\+91/, '') === digits),
    email: rows.some((r) => r.email.toLowerCase() === email.toLowerCase()),
  };
}

/** A random `AG` + 4 digits code no agent has, or undefined when all 10,000 are taken. */
export async function pickFreeAgentCode(db: TDb): Promise<string | undefined> {
  const row = await sql<{ code: string }>`
    select 'AG' || lpad(n::text, 4, '0') as code
    from generate_series(0, 9999) as n
    where not exists (select 1 from agents a where a.code = 'AG' || lpad(n::text, 4, '0'))
    order by random()
    limit 1`.execute(db);
  return row.rows[0]?.code;
}
