import { saveBillingProfile, type TDb } from '@starloop/db';

/** The operator's billing profile the billing tests issue invoices under (Maharashtra). */
export const TEST_BILLING_PROFILE = {
  legalName: 'StarLoop Technologies Private Limited',
  address: '4th floor, Baner Road, Pune 411045',
  state: 'Maharashtra',
  gstin: '27AAPFU0939F1ZV',
  pan: 'AAPFU0939F',
  sac: '998315',
  seriesPrefix: 'SL',
  signatory: 'Asha Rao',
} as const;

export const saveTestBillingProfile = (db: TDb) =>
  saveBillingProfile(db, { ...TEST_BILLING_PROFILE, updatedByAdminId: null }, new Date());
