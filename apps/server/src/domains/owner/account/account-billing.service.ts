import { BILLING_TEXTS, type TAccountBilling, type TAccountBillingWrite } from '@starloop/contract';
import {
  findAccountBilling,
  inTransaction,
  saveAccountBilling,
  type TAccountBilling as TBillingRow,
} from '@starloop/db';
import type { TAccountSession } from '../../../auth/authenticate.ts';
import type { TDeps } from '../../../context.ts';
import { auditBy } from '../../../lib/audit.ts';
import { foundOr404 } from '../../../lib/errors.ts';

const toBilling = (row: TBillingRow): TAccountBilling => ({
  legalName: row.legalName,
  address: row.address,
  state: row.state,
  gstin: row.gstin,
  complete: Boolean(row.legalName && row.address && row.state),
  updatedAt: row.updatedAt ? row.updatedAt.toISOString() : null,
});

/** GET /api/v1/account/billing: the account's billing details for its invoices. */
export async function getAccountBilling(
  deps: Pick<TDeps, 'db'>,
  session: TAccountSession,
): Promise<TAccountBilling> {
  const row = foundOr404(
    await findAccountBilling(deps.db, session.membership.accountId),
    'Account not found',
  );
  return toBilling(row);
}

/** PUT /api/v1/account/billing: saved and audited (the acting person, or the API key) in one transaction. */
export async function updateAccountBilling(
  deps: Pick<TDeps, 'db' | 'now'>,
  session: TAccountSession,
  input: TAccountBillingWrite,
  ip: string | null,
) {
  const saved = await inTransaction(deps.db, async (trx) => {
    const before = foundOr404(
      await findAccountBilling(trx, session.membership.accountId),
      'Account not found',
    );
    const row = await saveAccountBilling(trx, session.membership.accountId, input, deps.now());
    await auditBy(
      trx,
      { actorKind: session.person ? 'owner' : 'system', actorId: session.person?.id ?? null, ip },
      {
        action: 'account.billing_update',
        targetTable: 'accounts',
        targetId: session.membership.accountId,
        details: {
          before: toBilling(before),
          after: toBilling(row),
          ...(session.apiKeyId ? { apiKeyId: session.apiKeyId } : {}),
        },
      },
    );
    return row;
  });
  return { success: true as const, message: BILLING_TEXTS.billingSaved, billing: toBilling(saved) };
}
