/**
 * GST (issue 32): the GSTIN's shape and check character, the GST state codes of the states and
 * union territories, and the tax on a price. Zod-free, so every surface (web forms, server, PDF)
 * reads the same rules.
 */

/** GST on StarLoop's service, in percent; split 9 + 9 within a state. */
export const GST_RATE_PERCENT = 18;

/**
 * The GST state code(s) of each state and union territory, by its name in the geo list. Where a
 * state has two (Andhra Pradesh's 37 since 2014 and 28 before; the merged Dadra and Nagar Haveli
 * and Daman and Diu's 26 and Daman and Diu's 25), the first is today's.
 */
export const GST_STATE_CODES: Readonly<Record<string, readonly string[]>> = {
  'Jammu and Kashmir': ['01'],
  'Himachal Pradesh': ['02'],
  Punjab: ['03'],
  Chandigarh: ['04'],
  Uttarakhand: ['05'],
  Haryana: ['06'],
  Delhi: ['07'],
  Rajasthan: ['08'],
  'Uttar Pradesh': ['09'],
  Bihar: ['10'],
  Sikkim: ['11'],
  'Arunachal Pradesh': ['12'],
  Nagaland: ['13'],
  Manipur: ['14'],
  Mizoram: ['15'],
  Tripura: ['16'],
  Meghalaya: ['17'],
  Assam: ['18'],
  'West Bengal': ['19'],
  Jharkhand: ['20'],
  Odisha: ['21'],
  Chhattisgarh: ['22'],
  'Madhya Pradesh': ['23'],
  Gujarat: ['24'],
  'Dadra and Nagar Haveli and Daman and Diu': ['26', '25'],
  Maharashtra: ['27'],
  Karnataka: ['29'],
  Goa: ['30'],
  Lakshadweep: ['31'],
  Kerala: ['32'],
  'Tamil Nadu': ['33'],
  Puducherry: ['34'],
  'Andaman and Nicobar Islands': ['35'],
  Telangana: ['36'],
  'Andhra Pradesh': ['37', '28'],
  Ladakh: ['38'],
};

/** 2-digit state code, the PAN (5 letters, 4 digits, a letter), the entity number, Z, the check character. */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The check character of a GSTIN's first 14 characters (GSTN's mod-36 scheme): each character's
 * value times 1 or 2 (alternately, from the left), its quotient and remainder by 36 added up; the
 * check is what brings the sum to a multiple of 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARS.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36]!;
}

/** A GSTIN as it is stored: no spaces, upper case. */
export const normalizeGstin = (value: string): string => value.replace(/\s+/g, '').toUpperCase();

export type TGstinProblem = 'format' | 'check' | 'state';

/**
 * What is wrong with a GSTIN (already normalised), or null: its shape, its check character, or,
 * when `state` is given, a state code that is not that state's.
 */
export function gstinProblem(gstin: string, state?: string): TGstinProblem | null {
  if (!GSTIN_PATTERN.test(gstin)) return 'format';
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return 'check';
  if (state !== undefined) {
    const codes = GST_STATE_CODES[state];
    if (!codes?.includes(gstin.slice(0, 2))) return 'state';
  }
  return null;
}

export const GSTIN_MESSAGES: Record<TGstinProblem, string> = {
  format: 'Enter a valid 15-character GSTIN, e.g. 27AAPFU0939F1ZV',
  check: 'This GSTIN is not valid: please check it for a typing mistake',
  state: 'This GSTIN is registered in another state: its first two digits must match the state chosen',
};

export interface TTaxSplit {
  /** The price before GST (paise). */
  taxableValue: number;
  cgst: number;
  sgst: number;
  igst: number;
  /** cgst + sgst + igst. */
  tax: number;
  /** taxableValue + tax. */
  total: number;
  /** CGST + SGST (same state) or IGST (another state). */
  intraState: boolean;
}

/** Place of supply: the customer's state when known, else the supplier's (a sale within its state). */
const sameState = (supplierState: string, customerState: string | null | undefined) =>
  !customerState || customerState === supplierState;

/**
 * GST on a price before tax (paise): 9% CGST + 9% SGST within the supplier's state, else 18% IGST.
 * Each tax is rounded once, to the nearest paisa (half up).
 */
export function taxOnPrice(
  taxableValue: number,
  supplierState: string,
  customerState: string | null | undefined,
): TTaxSplit {
  const intraState = sameState(supplierState, customerState);
  const half = Math.round((taxableValue * GST_RATE_PERCENT) / 2 / 100);
  const cgst = intraState ? half : 0;
  const sgst = intraState ? half : 0;
  const igst = intraState ? 0 : Math.round((taxableValue * GST_RATE_PERCENT) / 100);
  const tax = cgst + sgst + igst;
  return { taxableValue, cgst, sgst, igst, tax, total: taxableValue + tax, intraState };
}

/**
 * A tax-inclusive amount (paise; manual payments are whole rupees) split back into its price and
 * GST: the price is the total over 1.18 rounded to the paisa, the tax the rest; within a state the
 * tax is halved, CGST taking the odd paisa, so the parts always add up to the total.
 */
export function taxInTotal(
  total: number,
  supplierState: string,
  customerState: string | null | undefined,
): TTaxSplit {
  const intraState = sameState(supplierState, customerState);
  const taxableValue = Math.round((total * 100) / (100 + GST_RATE_PERCENT));
  const tax = total - taxableValue;
  const sgst = intraState ? Math.floor(tax / 2) : 0;
  const cgst = intraState ? tax - sgst : 0;
  const igst = intraState ? 0 : tax;
  return { taxableValue, cgst, sgst, igst, tax, total, intraState };
}
