import {
  financialYearOf,
  GST_STATE_CODES,
  invoiceNumber,
  istDay,
  resolveRegistrationPlan,
  SERIES_PREFIX_PATTERN,
  type TTaxSplit,
  taxInTotal,
} from '@starloop/contract';
import {
  findAccountBilling,
  findBillingProfile,
  findInvoiceOfManualPayment,
  findInvoiceOfPayment,
  findOwnerById,
  findPaymentById,
  findRegistrationAttempt,
  insertInvoice,
  listCapturedPaymentsWithoutInvoice,
  nextInvoiceSerial,
  type TBillingProfileRow,
  type TDb,
  type TInvoice,
  type TInvoiceKind,
  type TInvoiceParty,
  type TPayment,
} from '@starloop/db';
import type { TDeps } from '../../context.ts';
import { QUEUES } from '../../jobs/queue.ts';

/**
 * Tax invoices and credit notes (issue 32 items 6 and 7), issued in the transaction that captured
 * (or refunded) the money, numbered gaplessly per financial year (`nextInvoiceSerial`). Supplier and
 * recipient are copied onto the document as they are that day. Without the operator's billing
 * profile nothing is issued: the payment is kept and its invoice is issued when the profile is saved
 * (`issueMissingInvoices`), so no document ever carries made-up supplier details.
 */

const stateCode = (state: string | null | undefined) =>
  (state ? GST_STATE_CODES[state]?.[0] : undefined) ?? null;

const supplierOf = (profile: TBillingProfileRow): TInvoiceParty => ({
  legalName: profile.legalName,
  address: profile.address,
  state: profile.state,
  stateCode: stateCode(profile.state),
  gstin: profile.gstin,
  pan: profile.pan,
  signatory: profile.signatory,
});

/** The profile, when it can number invoices (a prefix saved before the 4-character rule cannot). */
async function issuingProfile(deps: TDeps, db: TDb): Promise<TBillingProfileRow | undefined> {
  const profile = await findBillingProfile(db);
  if (profile && SERIES_PREFIX_PATTERN.test(profile.seriesPrefix)) return profile;
  deps.log.warn(
    { configured: Boolean(profile) },
    'no usable billing profile: the invoice waits until a super admin saves one',
  );
  return undefined;
}

interface TDocument {
  kind: TInvoiceKind;
  accountId: number | null;
  businessId: number | null;
  paymentId?: number;
  manualPaymentId?: number;
  originalInvoiceId?: number;
  recipient: TInvoiceParty;
  description: string;
  tax: Pick<TTaxSplit, 'taxableValue' | 'cgst' | 'sgst' | 'igst' | 'total'>;
}

/** Numbers and writes one document, then queues its email (PDF attached) in the same transaction. */
async function issue(deps: TDeps, trx: TDb, profile: TBillingProfileRow, doc: TDocument): Promise<TInvoice> {
  const now = deps.now();
  const financialYear = financialYearOf(now);
  const serial = await nextInvoiceSerial(trx, doc.kind, financialYear);
  const supplier = supplierOf(profile);
  // Place of supply: the recipient's state; a recipient without one is taken to be in the supplier's.
  const placeState = doc.recipient.stateCode ? doc.recipient.state! : profile.state;
  const invoice = await insertInvoice(trx, {
    kind: doc.kind,
    number: invoiceNumber(profile.seriesPrefix, doc.kind, financialYear, serial),
    financialYear,
    serial,
    issuedAt: now,
    accountId: doc.accountId,
    businessId: doc.businessId,
    paymentId: doc.paymentId ?? null,
    manualPaymentId: doc.manualPaymentId ?? null,
    originalInvoiceId: doc.originalInvoiceId ?? null,
    supplier,
    recipient: doc.recipient,
    placeOfSupply: placeState,
    placeOfSupplyCode: stateCode(placeState) ?? supplier.stateCode ?? '00',
    sac: profile.sac,
    description: doc.description,
    taxableValue: doc.tax.taxableValue,
    cgst: doc.tax.cgst,
    sgst: doc.tax.sgst,
    igst: doc.tax.igst,
    total: doc.tax.total,
  });
  await deps.jobs.send(QUEUES.invoiceMail, { invoiceId: invoice.id }, { trx });
  deps.log.info({ invoiceId: invoice.id, kind: doc.kind, number: invoice.number }, 'invoice issued');
  return invoice;
}

/** The recipient of a branch's invoices: its account's billing details, else the branch itself. */
async function recipientOfBusiness(
  db: TDb,
  businessId: number,
): Promise<{ party: TInvoiceParty; accountId: number } | undefined> {
  const business = await findOwnerById(db, businessId);
  if (!business) return undefined;
  const billing = await findAccountBilling(db, business.accountId);
  const state = billing?.state ?? business.state ?? null;
  return {
    accountId: business.accountId,
    party: {
      legalName: billing?.legalName ?? business.businessName,
      address: billing?.address ?? ([business.city, business.state].filter(Boolean).join(', ') || null),
      state,
      stateCode: stateCode(state),
      gstin: billing?.gstin ?? null,
      businessName: business.businessName,
      code: business.code,
    },
  };
}

const PURPOSE_WORDS = { registration: 'subscription', renewal: 'renewal', upgrade: 'upgrade' } as const;

const periodWords = (start: Date | null, end: Date | null) =>
  start && end ? `, ${istDay(start)} to ${istDay(end)}` : '';

/**
 * The tax invoice of a captured payment, in the capture's transaction; once per payment (a second
 * call answers the first invoice). A registration captured after its phone or code was taken (to
 * be refunded) is invoiced to the details it was paid with, and its refund issues a credit note.
 */
export async function issuePaymentInvoice(
  deps: TDeps,
  trx: TDb,
  payment: TPayment,
): Promise<TInvoice | undefined> {
  const existing = await findInvoiceOfPayment(trx, payment.id, 'invoice');
  if (existing) return existing;
  const profile = await issuingProfile(deps, trx);
  if (!profile) return undefined;
  const attempt =
    payment.purpose === 'registration' ? await findRegistrationAttempt(trx, payment.id) : undefined;
  let recipient: TInvoiceParty;
  let accountId: number | null = null;
  if (attempt && attempt.outcome === 'needs_refund') {
    const state = attempt.billingState ?? attempt.state;
    recipient = {
      legalName: attempt.billingLegalName ?? attempt.businessName,
      address: attempt.billingAddress ?? ([attempt.city, attempt.state].filter(Boolean).join(', ') || null),
      state,
      stateCode: stateCode(state),
      gstin: attempt.billingGstin,
      businessName: attempt.businessName,
      code: attempt.code,
    };
  } else {
    const of = await recipientOfBusiness(trx, payment.ownerId);
    if (!of) return undefined;
    recipient = of.party;
    accountId = of.accountId;
  }
  const plan = resolveRegistrationPlan(payment.plan).name;
  return issue(deps, trx, profile, {
    kind: 'invoice',
    accountId,
    businessId: payment.ownerId,
    paymentId: payment.id,
    recipient,
    description: `StarLoop ${plan} plan ${PURPOSE_WORDS[payment.purpose]}${periodWords(payment.periodStart, payment.periodEnd)}${recipient.businessName ? ` (${recipient.businessName})` : ''}`,
    tax: {
      taxableValue: payment.taxableValue,
      cgst: payment.cgst,
      sgst: payment.sgst,
      igst: payment.igst,
      total: payment.amount,
    },
  });
}

/**
 * The tax invoice of a manual payment (onboarding, whole rupees taken as GST-inclusive and split
 * back), addressed to the first branch's account.
 */
export async function issueManualPaymentInvoice(
  deps: TDeps,
  trx: TDb,
  manual: { id: number; amount: number; plan: string; years: number; businessIds: number[] },
): Promise<TInvoice | undefined> {
  const existing = await findInvoiceOfManualPayment(trx, manual.id, 'invoice');
  if (existing) return existing;
  if (manual.amount <= 0) return undefined;
  const profile = await issuingProfile(deps, trx);
  if (!profile) return undefined;
  const first = manual.businessIds[0];
  const of = first === undefined ? undefined : await recipientOfBusiness(trx, first);
  if (!of) return undefined;
  const tax = taxInTotal(manual.amount * 100, profile.state, of.party.state);
  const plan = resolveRegistrationPlan(manual.plan).name;
  const branches = manual.businessIds.length;
  return issue(deps, trx, profile, {
    kind: 'invoice',
    accountId: of.accountId,
    businessId: first ?? null,
    manualPaymentId: manual.id,
    recipient: of.party,
    description: `StarLoop ${plan} plan, ${manual.years} year${manual.years === 1 ? '' : 's'}, ${branches} branch${branches === 1 ? '' : 'es'}`,
    tax,
  });
}

/**
 * A credit note (CGST Rule 53) reversing an invoice in full: its own series, the original's number
 * and date on it (the PDF reads them from `originalInvoiceId`). Once per invoice.
 */
export async function issueCreditNote(
  deps: TDeps,
  trx: TDb,
  original: TInvoice,
  reason: string,
): Promise<TInvoice | undefined> {
  const existing =
    original.paymentId !== null
      ? await findInvoiceOfPayment(trx, original.paymentId, 'credit-note')
      : await findInvoiceOfManualPayment(trx, original.manualPaymentId!, 'credit-note');
  if (existing) return existing;
  const profile = await issuingProfile(deps, trx);
  if (!profile) return undefined;
  return issue(deps, trx, profile, {
    kind: 'credit-note',
    accountId: original.accountId,
    businessId: original.businessId,
    ...(original.paymentId !== null ? { paymentId: original.paymentId } : {}),
    ...(original.manualPaymentId !== null ? { manualPaymentId: original.manualPaymentId } : {}),
    originalInvoiceId: original.id,
    recipient: original.recipient,
    description: `${reason}: ${original.description}`.slice(0, 300),
    tax: original,
  });
}

/**
 * The invoices of payments captured while there was no billing profile, in the order they were
 * paid (the profile's saving transaction). Dated the day they are issued, as Rule 47 allows for a
 * service (within 30 days of its supply).
 */
export async function issueMissingInvoices(deps: TDeps, trx: TDb): Promise<number> {
  let issued = 0;
  for (const id of await listCapturedPaymentsWithoutInvoice(trx)) {
    const payment = await findPaymentById(trx, id);
    if (payment && (await issuePaymentInvoice(deps, trx, payment))) issued += 1;
  }
  if (issued > 0)
    deps.log.info({ issued }, 'invoices issued for payments captured before the billing profile');
  return issued;
}
