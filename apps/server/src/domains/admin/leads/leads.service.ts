import {
  ADMIN_OPS_TEXTS,
  pageMeta,
  type TAdminOpsDeleteResult,
  type TLeadDto,
  type TLeadListInput,
  type TLeadListResult,
  type TLeadResult,
  type TLeadUpdate,
  ZLeadUpdate,
} from '@starloop/contract';
import {
  countLeadsByStatus,
  deleteLead as deleteLeadRow,
  findLeadById,
  inTransaction,
  listLeadsPage,
  type TLead,
  updateLead as updateLeadRow,
} from '@starloop/db';
import type { TDeps } from '../../../context.ts';
import { changedFields, deleteRecorded, movedValue, recordAdminChange } from '../../../lib/audit.ts';
import { foundOr404 } from '../../../lib/errors.ts';
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

/** What the Edit Lead dialog edits. */
const LEAD_FIELDS = ZLeadUpdate.keyof().options;

/** The Edit Lead dialog: any status change is allowed (spec section 4). */
export async function updateLead(
  deps: TDeps,
  id: number,
  input: TLeadUpdate,
  actor: TActor,
): Promise<TLeadResult> {
  const lead = await inTransaction(deps.db, async (trx) => {
    const before = foundOr404(await findLeadById(trx, id), ADMIN_OPS_TEXTS.leadNotFound);
    const row = foundOr404(
      await updateLeadRow(trx, id, { ...input, email: input.email.toLowerCase() }),
      ADMIN_OPS_TEXTS.leadNotFound,
    );
    const change = before.status !== row.status ? ` (${before.status} -> ${row.status})` : '';
    await recordAdminChange(trx, actor, {
      activity: { type: 'lead', message: `Lead ${row.name} updated by ${actor.name}${change}` },
      audit: {
        action: 'lead.update',
        targetTable: 'leads',
        targetId: id,
        details: {
          fields: changedFields(before, row, LEAD_FIELDS),
          ...movedValue('status', before.status, row.status),
        },
      },
    });
    return row;
  });
  return { success: true, lead: toLeadDto(lead) };
}

export async function deleteLead(deps: TDeps, id: number, actor: TActor): Promise<TAdminOpsDeleteResult> {
  await deleteRecorded(deps.db, actor, id, {
    find: findLeadById,
    remove: deleteLeadRow,
    notFound: ADMIN_OPS_TEXTS.leadNotFound,
    change: (lead) => ({
      activity: { type: 'lead', message: `Lead ${lead.name} deleted by ${actor.name}` },
      audit: {
        action: 'lead.delete',
        targetTable: 'leads',
        targetId: id,
        details: { status: lead.status, source: lead.source },
      },
    }),
  });
  return { success: true, message: ADMIN_OPS_TEXTS.leadDeleted };
}
