import { BILLING_TEXTS, type TBillingProfileAnswer, type TBillingProfileWrite } from '@starloop/contract';
import { findBillingProfile, inTransaction, saveBillingProfile, type TBillingProfileRow } from '@starloop/db';
import type { TDeps } from '../../../context.ts';
import { auditByAdmin, type TAdminActor } from '../../../lib/audit.ts';
import { issueMissingInvoices } from '../../billing/invoices.service.ts';

const toAnswer = (row: TBillingProfileRow | undefined): TBillingProfileAnswer => ({
  configured: row !== undefined,
  profile: row
    ? {
        legalName: row.legalName,
        address: row.address,
        state: row.state,
        gstin: row.gstin,
        pan: row.pan,
        sac: row.sac,
        seriesPrefix: row.seriesPrefix,
        signatory: row.signatory,
        updatedAt: row.updatedAt.toISOString(),
      }
    : null,
});

/** GET /api/admin/billing-profile: who StarLoop's invoices say they are from (not configured before the first save). */
export async function getBillingProfile(deps: Pick<TDeps, 'db'>): Promise<TBillingProfileAnswer> {
  return toAnswer(await findBillingProfile(deps.db));
}

/**
 * PUT /api/admin/billing-profile: saved and audited with the values before and after, in one
 * transaction, which also issues the invoices of payments captured while there was no profile.
 */
export async function updateBillingProfile(deps: TDeps, actor: TAdminActor, input: TBillingProfileWrite) {
  const saved = await inTransaction(deps.db, async (trx) => {
    const before = await findBillingProfile(trx);
    const profile = { ...input, signatory: input.signatory ?? null, updatedByAdminId: actor.id };
    const row = await saveBillingProfile(trx, profile, deps.now());
    await auditByAdmin(trx, actor, {
      action: 'billing_profile.update',
      targetTable: 'billing_profile',
      details: { before: before ? toAnswer(before).profile : null, after: toAnswer(row).profile },
    });
    await issueMissingInvoices(deps, trx);
    return row;
  });
  return { success: true as const, message: BILLING_TEXTS.profileSaved, ...toAnswer(saved) };
}
