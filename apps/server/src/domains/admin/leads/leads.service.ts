import {
  ADMIN_OPS_TEXTS,
  pageMeta,
  type TAdminOpsDeleteResult,
  type TLeadDto,
  type TLeadListInput,
  type TLeadListResult,
  type TLeadResult,
  type TLeadUpdate,
} from '@starloop/contract';
import {
  countLeadsByStatus,
  deleteLead as deleteLeadRow,
  findLeadById,
  inTransaction,
  listLeadsPage,
  recordActivity,
  type TLead,
  updateLead as updateLeadRow,
} from '@starloop/db';
import type { TDeps } from '../../../context.ts';
import { notFound } from '../../../lib/errors.ts';
import type { TActor } from '../agents/agents.service.ts';

export function toLeadDto(lead: TLead): TLeadDto {
  return {
    id: lead.id,
    name: lead.name,
    email: lead.email,
    contactNumber: lead.contactNumber,
    bussiness: lead.bussiness,
    subject: lead.subject,
    message: lead.message,
    source: lead.source,
    status: lead.status,
    createdAt: lead.createdAt.toISOString(),
    updatedAt: lead.updatedAt.toISOString(),
  };
}

/** A page of leads with the five cards (totals over all leads, not only the matching ones). */
export async function listLeads(deps: TDeps, input: TLeadListInput): Promise<TLeadListResult> {
  const [{ rows, total }, counts] = await Promise.all([
    listLeadsPage(deps.db, input),
    countLeadsByStatus(deps.db, deps.now()),
  ]);
  return { leads: rows.map(toLeadDto), meta: pageMeta(total, input.page, input.limit), counts };
}

/** The Edit Lead dialog: any status change is allowed (spec section 4). */
export async function updateLead(
  deps: TDeps,
  id: number,
  input: TLeadUpdate,
  actor: TActor,
): Promise<TLeadResult> {
  const lead = await inTransaction(deps.db, async (trx) => {
    const before = await findLeadById(trx, id);
    if (!before) throw notFound(ADMIN_OPS_TEXTS.leadNotFound);
    const row = await updateLeadRow(trx, id, {
      name: input.name,
      email: input.email.toLowerCase(),
      contactNumber: input.contactNumber,
      bussiness: input.bussiness,
      subject: input.subject,
      message: input.message,
      source: input.source,
      status: input.status,
    });
    if (!row) throw notFound(ADMIN_OPS_TEXTS.leadNotFound);
    const change = before.status !== row.status ? ` (${before.status} -> ${row.status})` : '';
    await recordActivity(trx, {
      type: 'lead',
      message: `Lead ${row.name} updated by ${actor.name}${change}`,
      adminId: actor.id,
    });
    return row;
  });
  return { success: true, lead: toLeadDto(lead) };
}

export async function deleteLead(deps: TDeps, id: number, actor: TActor): Promise<TAdminOpsDeleteResult> {
  await inTransaction(deps.db, async (trx) => {
    const lead = await findLeadById(trx, id);
    if (!lead || !(await deleteLeadRow(trx, id))) throw notFound(ADMIN_OPS_TEXTS.leadNotFound);
    await recordActivity(trx, {
      type: 'lead',
      message: `Lead ${lead.name} deleted by ${actor.name}`,
      adminId: actor.id,
    });
  });
  return { success: true, message: ADMIN_OPS_TEXTS.leadDeleted };
}
