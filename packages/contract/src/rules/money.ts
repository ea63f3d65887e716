/**
 * Money: Razorpay amounts (payments, plan charges) are whole paise; manual payments are whole
 * rupees; the admin overview and the reports show rupees.
 */

export const PAISE_PER_RUPEE = 100;

/** Paise to rupees, to the paisa (199900 → 1999). */
export const paiseToRupees = (paise: number): number => Math.round(paise) / PAISE_PER_RUPEE;

/** Rupees to whole paise (1999 → 199900). */
export const rupeesToPaise = (rupees: number): number => Math.round(rupees * PAISE_PER_RUPEE);
