import { rupeesToPaise } from './rules/money.ts';

/**
 * One plan table (issue 32 item 1): every surface (landing page, registration, Plan screen, FAQ,
 * admin onboarding, the server's limits and replies) reads PLANS. The spec gives two readings of the
 * plans (section 9); this table reconciles them so each spec text stays true:
 * - the price is per month, before GST (the terms: billed monthly in advance, taxes extra);
 * - the landing page's durations ('1 year', '2 year') are each plan's term: how long its launch
 *   price is locked in. Payments still buy a month (or, in admin onboarding, 1 or 2 years);
 * - each page shows its own struck-through comparison price, as the spec has them;
 * - Essential's automatic reply is a standard thank-you reply sent within 24 to 48 hours;
 *   Professional's is the personalised reply within 2 to 5 minutes, with custom templates.
 * docs/decisions.md "One plan truth" records the reading.
 */

export const PLAN_KEYS = ['essential', 'professional'] as const;
export type TPlanKey = (typeof PLAN_KEYS)[number];
export type TPlanName = 'Essential' | 'Professional';

/** How a plan's automatic reply is written and when it goes. */
export interface TPlanAutoReply {
  /** 'standard': the default thank-you template as it is; 'personalised': the owner's template, rewritten. */
  style: 'standard' | 'personalised';
  /** The promise, in the words every surface shows. */
  within: string;
  /** How long after the review the reply job runs (seconds). */
  delaySeconds: number;
}

export interface TPlan {
  key: TPlanKey;
  name: TPlanName;
  /** Rupees per month, before GST. */
  monthlyPrice: number;
  /** Charged amount in paise for one month: the monthly price in paise. */
  amount: number;
  /** Registration's struck-through price and label (spec section 9). */
  registrationWas: number;
  saveLabel: string;
  /** The landing page's struck-through price (spec section 9). */
  landingWas: number;
  /** The plan's term, as the landing page words it: how long the launch price is locked in. */
  term: { years: 1 | 2; label: '1 year' | '2 year' };
  popular: boolean;
  autoReply: TPlanAutoReply;
  /** What the plan includes, shown the same way everywhere. */
  features: readonly string[];
  /**
   * Messages to customers (review requests, case replies) a branch may send each IST month through
   * StarLoop's own WhatsApp number and SMS sender; the business's own sender has no such limit.
   */
  platformMessagesPerMonth: number;
}

const HOUR = 60 * 60;

export const PLANS: Readonly<Record<TPlanKey, TPlan>> = {
  essential: {
    key: 'essential',
    name: 'Essential',
    monthlyPrice: 1999,
    amount: rupeesToPaise(1999),
    registrationWas: 3999,
    saveLabel: 'SAVE 50%',
    landingWas: 2999,
    term: { years: 1, label: '1 year' },
    popular: false,
    autoReply: { style: 'standard', within: 'within 24 to 48 hours', delaySeconds: 24 * HOUR },
    platformMessagesPerMonth: 100,
    features: [
      'QR review system',
      'Unlimited reviews',
      'Review dashboard',
      'Real-time analytics',
      'Auto Reply within 24 to 48 hours',
      'Unlimited Review Replies',
      'Email notifications',
      'Mobile responsive',
      'Basic support',
    ],
  },
  professional: {
    key: 'professional',
    name: 'Professional',
    monthlyPrice: 2999,
    amount: rupeesToPaise(2999),
    registrationWas: 5999,
    saveLabel: 'SAVE 50%',
    landingWas: 3999,
    term: { years: 2, label: '2 year' },
    popular: true,
    autoReply: { style: 'personalised', within: 'within 2 to 5 minutes', delaySeconds: 0 },
    platformMessagesPerMonth: 500,
    features: [
      'Everything in Essential',
      'AI automatic review reply within 2 to 5 minutes',
      'Sentiment analysis',
      'Custom response templates',
      'Priority support',
      'Advanced analytics',
      'Team collaboration',
      'API access',
    ],
  },
};

/** The plans in the order every page shows them. */
export const PLAN_LIST: readonly TPlan[] = PLAN_KEYS.map((key) => PLANS[key]);

/** What an automatic reply is on a plan, in one sentence (FAQ, Settings, review drawer). */
export const autoReplySummary = (plan: TPlan): string =>
  plan.autoReply.style === 'standard'
    ? `${plan.name} sends a standard thank-you reply ${plan.autoReply.within} of a review.`
    : `${plan.name} sends a personalised reply ${plan.autoReply.within} of a review, written from your own templates.`;

/** The plan's price line: "₹1,999/month + GST". */
export const monthlyPriceLine = (plan: TPlan): string =>
  `₹${plan.monthlyPrice.toLocaleString('en-IN')}/month + GST`;

/** The plan's term line: "Launch price locked for 1 year". */
export const termLine = (plan: TPlan): string => `Launch price locked for ${plan.term.label}`;

export interface TRegistrationPlan {
  key: TPlanKey;
  name: TPlanName;
  /** Display price in rupees per month. */
  price: number;
  /** Struck-through original price in rupees. */
  originalPrice: number;
  /** Charged amount in paise: the price, in paise. */
  amount: number;
  label: string;
  features: readonly string[];
  popular: boolean;
}

/** The self-registration reading of the plan table (spec section 9). */
export const REGISTRATION_PLANS: readonly TRegistrationPlan[] = PLAN_LIST.map((plan) => ({
  key: plan.key,
  name: plan.name,
  price: plan.monthlyPrice,
  originalPrice: plan.registrationWas,
  amount: plan.amount,
  label: plan.saveLabel,
  features: plan.features,
  popular: plan.popular,
}));

export const CURRENCY = 'INR';

/**
 * How many placements (named QR codes: "Table 4", "Billing counter") an owner may have at once,
 * besides the Default one; null = unlimited. Deleted placements do not count.
 */
export const PLACEMENT_LIMITS: Record<TPlanKey, number | null> = { essential: 50, professional: null };

/**
 * Review requests an owner may send per calendar month (IST), whatever the channel; a reminder is
 * part of its request and does not count again.
 */
export const REQUEST_LIMITS: Record<TPlanKey, number> = { essential: 100, professional: 1000 };

/**
 * What each plan allows besides its limits: the plans that have each feature. Every plan sends
 * automatic replies (PLANS[plan].autoReply); `templates`: custom reply templates and the
 * personalised (rewritten) reply; `integrations`: API keys and outbound webhooks (issue 19 item 5);
 * `team`: managers and staff (accounts, migration 0021).
 */
export const PLAN_FEATURES = {
  templates: ['professional'],
  integrations: ['professional'],
  /** People other than the owner (spec section 9: "team collaboration"). */
  team: ['professional'],
} as const satisfies Record<string, readonly TPlanKey[]>;
export type TPlanFeature = keyof typeof PLAN_FEATURES;

/** Whether `plan` has `feature` (PLAN_FEATURES). */
export const planAllows = (plan: TPlanKey, feature: TPlanFeature): boolean =>
  (PLAN_FEATURES[feature] as readonly TPlanKey[]).includes(plan);

/**
 * The plans whose owners write their own replies to QR reviews (custom templates, the personalised
 * reply), and so the only ones reminded that a review is waiting for their reply. Essential's reply
 * is the standard thank-you StarLoop sends by itself: there is nothing for its owner to reply with
 * (issue 33 item 6).
 */
export const PLANS_REMINDED_TO_REPLY: readonly TPlanKey[] = PLAN_FEATURES.templates;

/** Whether an owner on `plan` is reminded to reply to a QR review (PLANS_REMINDED_TO_REPLY). */
export const remindedToReply = (plan: TPlanKey): boolean => PLANS_REMINDED_TO_REPLY.includes(plan);

/** The plan table's row of a stored plan key; anything else reads as Essential (spec section 9). */
export const planOf = (key: string | null | undefined): TPlan =>
  PLAN_LIST.find((plan) => plan.key === key) ?? PLANS.essential;

/** An unrecognised plan name falls back to Essential (spec section 9). */
export function resolveRegistrationPlan(name: string | undefined | null): TRegistrationPlan {
  const wanted = (name ?? '').trim().toLowerCase();
  return (
    REGISTRATION_PLANS.find((p) => p.key === wanted || p.name.toLowerCase() === wanted) ??
    REGISTRATION_PLANS[0]!
  );
}

export interface TLandingPlan {
  name: TPlanName;
  price: number;
  original: number;
  /** Rounded percentage of (original - price) over original. */
  discount: number;
  duration: string;
  popular: boolean;
  features: readonly string[];
}

export const discountPercent = (price: number, original: number): number =>
  Math.round(((original - price) / original) * 100);

/** The landing page's reading of the plan table (spec section 9): its own comparison price, the term. */
export const LANDING_PLANS: readonly TLandingPlan[] = PLAN_LIST.map((plan) => ({
  name: plan.name,
  price: plan.monthlyPrice,
  original: plan.landingWas,
  discount: discountPercent(plan.monthlyPrice, plan.landingWas),
  duration: plan.term.label,
  popular: plan.popular,
  features: plan.features,
}));
