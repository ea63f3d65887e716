import { randomInt } from 'node:crypto';
import {
  ADMIN_OPS_TEXTS,
  pageMeta,
  type TAdminOpsDeleteResult,
  type TAgentCreate,
  type TAgentDto,
  type TAgentListInput,
  type TAgentListResult,
  type TAgentResult,
  type TAgentUpdate,
} from '@starloop/contract';
import {
  countAgentsByStatus,
  deleteAgent as deleteAgentRow,
  findAgentConflicts,
  findAgentWithUsers,
  insertAgent,
  inTransaction,
  isAgentCodeTaken,
  listAgentsPage,
  pickFreeAgentCode,
  type TAgentWithUsers,
  type TDb,
  uniqueViolationConstraint,
  updateAgent as updateAgentRow,
} from '@starloop/db';
import type { TDeps } from '../../../context.ts';
import {
  changedFields,
  deleteRecorded,
  movedValue,
  recordAdminChange,
  type TAdminActor,
} from '../../../lib/audit.ts';
import { AppError, conflict, foundOr404, uniqueConflict } from '../../../lib/errors.ts';

/** Who did it, for the activity log and the audit trail. */
export type TActor = TAdminActor;

export function toAgentDto(agent: TAgentWithUsers): TAgentDto {
  return {
    id: agent.id,
    code: agent.code,
    name: agent.name,
    email: agent.email,
    phone: agent.phone,
    status: agent.status,
    createdAt: agent.createdAt.toISOString(),
    updatedAt: agent.updatedAt.toISOString(),
    _count: { users: agent.userCount },
  };
}

/** Agents are stored with the bare 10-digit number, so '+91 98765 43210' and '9876543210' are one. */
const bareMobile = (phone: string) => phone.replace(/^\+91/, '');

export async function listAgents(deps: TDeps, input: TAgentListInput): Promise<TAgentListResult> {
  const [{ rows, total }, counts] = await Promise.all([
    listAgentsPage(deps.db, input),
    countAgentsByStatus(deps.db),
  ]);
  return {
    success: true,
    agents: rows.map(toAgentDto),
    meta: pageMeta(total, input.page, input.limit),
    counts,
  };
}

async function assertNoConflict(db: TDb, input: { phone: string; email: string }, exceptId?: number) {
  const taken = await findAgentConflicts(db, {
    phone: input.phone,
    email: input.email,
    ...(exceptId !== undefined ? { exceptId } : {}),
  });
  if (taken.phone) throw conflict(ADMIN_OPS_TEXTS.agentPhoneTaken, 'phone');
  if (taken.email) throw conflict(ADMIN_OPS_TEXTS.agentEmailTaken, 'email');
}

/** The agents' unique indexes a lost race can hit, with the 409 the pre-check gives. */
const AGENT_UNIQUE_KEYS = {
  agents_phone_key: [ADMIN_OPS_TEXTS.agentPhoneTaken, 'phone'],
  agents_email_key: [ADMIN_OPS_TEXTS.agentEmailTaken, 'email'],
} as const;

/** A few random draws, then a scan for a free code; the unique index settles any race. */
async function nextAgentCode(db: TDb): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = `AG${String(randomInt(0, 10_000)).padStart(4, '0')}`;
    if (!(await isAgentCodeTaken(db, code))) return code;
  }
  const free = await pickFreeAgentCode(db);
  if (!free) throw new AppError('SERVICE_UNAVAILABLE', ADMIN_OPS_TEXTS.agentCodesExhausted);
  return free;
}

export async function createAgent(deps: TDeps, input: TAgentCreate, actor: TActor): Promise<TAgentResult> {
  const values = { name: input.name, email: input.email, phone: bareMobile(input.phone) };
  await assertNoConflict(deps.db, values);
  for (let attempt = 0; ; attempt++) {
    const code = await nextAgentCode(deps.db);
    try {
      const agent = await inTransaction(deps.db, async (trx) => {
        const row = await insertAgent(trx, { ...values, code, status: 'active' });
        await recordAdminChange(trx, actor, {
          activity: {
            type: 'agent',
            message: `Agent ${row.name} (${row.code}) created by ${actor.name}`,
            code: row.code,
          },
          audit: {
            action: 'agent.create',
            targetTable: 'agents',
            targetId: row.id,
            details: { code: row.code },
          },
        });
        return row;
      });
      deps.log.info({ agentId: agent.id, adminId: actor.id }, 'agent created');
      return { success: true, agent: toAgentDto({ ...agent, userCount: 0 }) };
    } catch (error) {
      // Another request took the same code at the same moment: draw again.
      if (uniqueViolationConstraint(error) === 'agents_code_key' && attempt < 5) continue;
      throw uniqueConflict(error, AGENT_UNIQUE_KEYS) ?? error;
    }
  }
}

export async function updateAgent(
  deps: TDeps,
  id: number,
  input: TAgentUpdate,
  actor: TActor,
): Promise<TAgentResult> {
  const values = {
    name: input.name,
    email: input.email,
    phone: bareMobile(input.phone),
    status: input.status,
  };
  const existing = foundOr404(await findAgentWithUsers(deps.db, id), ADMIN_OPS_TEXTS.agentNotFound);
  await assertNoConflict(deps.db, values, id);
  try {
    await inTransaction(deps.db, async (trx) => {
      const row = foundOr404(await updateAgentRow(trx, id, values), ADMIN_OPS_TEXTS.agentNotFound);
      const statusNote = existing.status !== row.status ? `, now ${row.status}` : '';
      await recordAdminChange(trx, actor, {
        activity: {
          type: 'agent',
          message: `Agent ${row.name} (${row.code}) updated by ${actor.name}${statusNote}`,
          code: row.code,
        },
        audit: {
          action: 'agent.update',
          targetTable: 'agents',
          targetId: id,
          details: {
            code: row.code,
            fields: changedFields(existing, row, ['name', 'email', 'phone', 'status']),
            ...movedValue('status', existing.status, row.status),
          },
        },
      });
    });
  } catch (error) {
    throw uniqueConflict(error, AGENT_UNIQUE_KEYS) ?? error;
  }
  const agent = foundOr404(await findAgentWithUsers(deps.db, id), ADMIN_OPS_TEXTS.agentNotFound);
  return { success: true, agent: toAgentDto(agent) };
}

/** Owners of the agent keep everything; their agent_id becomes null (they show as 'Direct'). */
export async function deleteAgent(deps: TDeps, id: number, actor: TActor): Promise<TAdminOpsDeleteResult> {
  await deleteRecorded(deps.db, actor, id, {
    find: findAgentWithUsers,
    remove: deleteAgentRow,
    notFound: ADMIN_OPS_TEXTS.agentNotFound,
    change: (agent) => ({
      activity: {
        type: 'agent',
        message: `Agent ${agent.name} (${agent.code}) deleted by ${actor.name}; ${agent.userCount} owner(s) now direct`,
        code: agent.code,
      },
      audit: {
        action: 'agent.delete',
        targetTable: 'agents',
        targetId: id,
        details: { code: agent.code, ownersMadeDirect: agent.userCount },
      },
    }),
  });
  return { success: true, message: ADMIN_OPS_TEXTS.agentDeleted };
}
