import { rupeesToPaise } from './rules/money.ts';

/**
 * Spec section 9 gives two readings of the plans: the self-registration plans (per month, amounts in
 * paise, charged) and the landing-page plans (marketing copy). Both stand.
 */

export const PLAN_KEYS = ['essential', 'professional'] as const;
export type TPlanKey = (typeof PLAN_KEYS)[number];

export interface TRegistrationPlan {
  key: TPlanKey;
  name: 'Essential' | 'Professional';
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

const ESSENTIAL_FEATURES = [
  'QR review system',
  'Unlimited reviews',
  'Review dashboard',
  'Real-time analytics',
  'Email notifications',
  'Mobile responsive',
  'Basic support',
] as const;

/** A plan with its charged amount: its price in paise (fields in the order the API answers them). */
const withAmount = ({
  key,
  name,
  price,
  originalPrice,
  label,
  features,
  popular,
}: Omit<TRegistrationPlan, 'amount'>) =>
  ({
    key,
    name,
    price,
    originalPrice,
    amount: rupeesToPaise(price),
    label,
    features,
    popular,
  }) satisfies TRegistrationPlan;

export const REGISTRATION_PLANS: readonly TRegistrationPlan[] = [
  withAmount({
    key: 'essential',
    name: 'Essential',
    price: 1999,
    originalPrice: 3999,
    label: 'SAVE 50%',
    features: ESSENTIAL_FEATURES,
    popular: false,
  }),
  withAmount({
    key: 'professional',
    name: 'Professional',
    price: 2999,
    originalPrice: 5999,
    label: 'SAVE 50%',
    features: [
      'Everything in Essential',
      'AI automatic review reply',
      'Sentiment analysis',
      'Custom response templates',
      'Priority support',
      'Advanced analytics',
      'Team collaboration',
      'API access',
    ],
    popular: true,
  }),
];

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
 * What each plan allows besides its limits: the plans that have each feature. `replies`: automatic
 * review replies (drafted, rewritten, mailed) and custom reply templates; `integrations`: API keys
 * and outbound webhooks (issue 19 item 5); `team`: managers and staff (accounts, migration 0021).
 */
export const PLAN_FEATURES = {
  replies: ['professional'],
  integrations: ['professional'],
  /** People other than the owner (spec section 9: "team collaboration"). */
  team: ['professional'],
} as const satisfies Record<string, readonly TPlanKey[]>;
export type TPlanFeature = keyof typeof PLAN_FEATURES;

/** Whether `plan` has `feature` (PLAN_FEATURES). */
export const planAllows = (plan: TPlanKey, feature: TPlanFeature): boolean =>
  (PLAN_FEATURES[feature] as readonly TPlanKey[]).includes(plan);

/** An unrecognised plan name falls back to Essential (spec section 9). */
export function resolveRegistrationPlan(name: string | undefined | null): TRegistrationPlan {
  const wanted = (name ?? '').trim().toLowerCase();
  return (
    REGISTRATION_PLANS.find((p) => p.key === wanted || p.name.toLowerCase() === wanted) ??
    REGISTRATION_PLANS[0]!
  );
}

export interface TLandingPlan {
  name: 'Essential' | 'Professional';
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

const LANDING_FEATURES = [
  'Magic QR',
  'Performance Dashboard',
  'Auto Reply within 24 to 48 hours',
  'Unlimited Review Replies',
  'Basic Analysis',
  'Customer Support',
] as const;

export const LANDING_PLANS: readonly TLandingPlan[] = [
  {
    name: 'Essential',
    price: 1999,
    original: 2999,
    discount: discountPercent(1999, 2999),
    duration: '1 year',
    popular: false,
    features: LANDING_FEATURES,
  },
  {
    name: 'Professional',
    price: 2999,
    original: 3999,
    discount: discountPercent(2999, 3999),
    duration: '2 year',
    popular: true,
    features: LANDING_FEATURES,
  },
];
