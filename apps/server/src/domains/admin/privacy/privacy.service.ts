import { CLOSURE_TEXTS, type TGrievanceOfficer, type TGrievanceOfficerUpdate } from '@starloop/contract';
import { findGrievanceOfficer, inTransaction, listAuditLogRange, updateGrievanceOfficer } from '@starloop/db';
import type { TDeps } from '../../../context.ts';
import { auditByAdmin, type TAdminActor } from '../../../lib/audit.ts';
import { badRequest } from '../../../lib/errors.ts';
import { csvCell, csvLines } from '../../../lib/spreadsheet.ts';

/** The grievance officer the privacy page names (DPDP Act 2023, section 8(10)). */
export async function getGrievanceOfficer(deps: Pick<TDeps, 'db'>): Promise<TGrievanceOfficer> {
  const { name, email, phone } = await findGrievanceOfficer(deps.db);
  return { name, email, phone };
}

export async function saveGrievanceOfficer(
  deps: Pick<TDeps, 'db' | 'now'>,
  admin: TAdminActor,
  input: TGrievanceOfficerUpdate,
): Promise<TGrievanceOfficer & { success: true; message: string }> {
  const saved = await inTransaction(deps.db, async (trx) => {
    const officer = await updateGrievanceOfficer(
      trx,
      { name: input.name, email: input.email, phone: input.phone ?? null },
      admin.id,
      deps.now(),
    );
    await auditByAdmin(trx, admin, {
      action: 'grievance_officer.update',
      targetTable: 'platform_settings',
      details: { name: officer.name, email: officer.email },
    });
    return officer;
  });
  return {
    success: true,
    message: CLOSURE_TEXTS.grievanceSaved,
    name: saved.name,
    email: saved.email,
    phone: saved.phone,
  };
}

/** At most a year of the trail in one file, at most this many rows. */
const AUDIT_EXPORT_MAX_DAYS = 366;
export const AUDIT_EXPORT_MAX_ROWS = 100_000;

/**
 * The audit trail between two instants as CSV (a breach's investigation, a Board's request): one
 * line per entry, oldest first, the details as JSON. The export itself is audited.
 */
export async function auditLogCsv(
  deps: Pick<TDeps, 'db'>,
  admin: TAdminActor,
  range: { from: string; to: string },
): Promise<{ csv: string; filename: string }> {
  const from = new Date(range.from);
  const to = new Date(range.to);
  const span = to.getTime() - from.getTime();
  if (!(span > 0) || span > AUDIT_EXPORT_MAX_DAYS * 86_400_000) {
    throw badRequest(CLOSURE_TEXTS.auditRangeInvalid, 'from');
  }
  const rows = await listAuditLogRange(deps.db, { from, to }, AUDIT_EXPORT_MAX_ROWS);
  await auditByAdmin(deps.db, admin, {
    action: 'audit.export',
    targetTable: 'audit_log',
    details: { from: from.toISOString(), to: to.toISOString(), rows: rows.length },
  });
  const header = [
    'id',
    'at',
    'actor_kind',
    'actor_id',
    'actor_name',
    'action',
    'target_table',
    'target_id',
    'ip',
    'details',
  ];
  const lines = rows.map((r) =>
    [
      r.id,
      new Date(r.createdAt).toISOString(),
      r.actorKind,
      r.actorId,
      r.actorName,
      r.action,
      r.targetTable,
      r.targetId,
      r.ip,
      JSON.stringify(r.details ?? {}),
    ].map((cell) => csvCell(cell)),
  );
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return { csv: csvLines([header, ...lines]), filename: `audit-log-${day(from)}-${day(to)}.csv` };
}
