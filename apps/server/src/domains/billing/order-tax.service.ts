import { type TTaxSplit, taxOnPrice } from '@starloop/contract';
import { findAccountBilling, findBillingProfile, type TDb } from '@starloop/db';

/**
 * GST on an order's plan price (issue 32 item 3). Place of supply is the customer's billing state,
 * else its business's state; the supplier's state is the operator's billing profile's. Without a
 * profile (before the operator has configured one) the sale is taken as within one state: 9% CGST
 * + 9% SGST, the same 18% either way, so the customer pays the same total.
 */
export async function orderTax(
  db: TDb,
  price: number,
  customer: { billingState?: string | null; businessState?: string | null },
): Promise<TTaxSplit> {
  const profile = await findBillingProfile(db);
  const customerState = customer.billingState || customer.businessState || null;
  return taxOnPrice(price, profile?.state ?? customerState ?? '', customerState);
}

/** The same for an existing business: its account's billing state, else the business's own. */
export async function businessOrderTax(
  db: TDb,
  price: number,
  business: { accountId: number; state: string | null },
): Promise<TTaxSplit> {
  const billing = await findAccountBilling(db, business.accountId);
  return orderTax(db, price, { billingState: billing?.state, businessState: business.state });
}

/** The payment columns an order's tax is kept in. */
export const paymentTaxColumns = (tax: TTaxSplit) => ({
  amount: tax.total,
  taxableValue: tax.taxableValue,
  cgst: tax.cgst,
  sgst: tax.sgst,
  igst: tax.igst,
});
