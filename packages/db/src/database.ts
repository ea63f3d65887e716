import type {
  TAdminRole,
  TAdminStatus,
  TAgentStatus,
  TCampaignStatus,
  TCaseAlertKind,
  TCaseEventKind,
  TCaseMessageChannel,
  TCaseMessageDelivery,
  TCaseMessageKind,
  TCaseOutcome,
  TCaseReplyTemplateKind,
  TCaseStatus,
  TConsentSource,
  TDeliveryPurpose,
  TDeliveryStatus,
  TGoogleConnectionStatus as TGoogleConnectionView,
  TGoogleReplyStatus as TGoogleReplyView,
  TLeadSource,
  TLeadStatus,
  TMailStatus,
  TMemberRole,
  TOneTimeTokenKind,
  TOptOutSource,
  TOwnerLanguage,
  TOwnerStatus,
  TPaymentProvider,
  TPaymentPurpose,
  TPaymentStatus,
  TPlacementKind,
  TPlanKey,
  TRegistrationSource,
  TReplyStatus,
  TRequestCategory,
  TRequestChannel,
  TRequestStatus,
  TReviewFlow,
  TReviewPageLanguage,
  TSentimentLabel,
  WEBHOOK_DELIVERY_STATUSES,
} from '@starloop/contract';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Timestamps are written as Date or ISO strings and always read back as Date on both drivers. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | T, string | T>;

export interface OwnerTable {
  id: Generated<number>;
  name: string;
  email: string | null;
  businessName: string;
  contactNumber: string;
  code: string;
  reviewLink: string | null;
  state: string | null;
  city: string | null;
  /** Free-text sales representative as typed at registration. */
  salesRepName: string | null;
  agentId: number | null;
  /** The paying customer this business (branch) belongs to (migration 0021). */
  accountId: number;
  plan: ColumnType<TPlanKey, TPlanKey | undefined, TPlanKey>;
  status: ColumnType<TOwnerStatus, TOwnerStatus | undefined, TOwnerStatus>;
  registrationSource: TRegistrationSource;
  subscriptionStart: Timestamp | null;
  subscriptionEnd: Timestamp | null;
  reviewFlow: ColumnType<TReviewFlow, TReviewFlow | undefined, TReviewFlow>;
  /**
   * The review page's default language; null: the customer's phone decides (migration 0015). The
   * contract's list is the only check (migration 0020 dropped the database's copy of it).
   */
  reviewPageLanguage: ColumnType<
    TReviewPageLanguage | null,
    TReviewPageLanguage | null | undefined,
    TReviewPageLanguage | null
  >;
  notifyLowRatings: ColumnType<boolean, boolean | undefined, boolean>;
  dailyDigest: ColumnType<boolean, boolean | undefined, boolean>;
  /** Also open a feedback case for a 4-5 star review whose text reads negative (migration 0029). */
  casesForNegativeHighRatings: ColumnType<boolean, boolean | undefined, boolean>;
  deletedAt: Timestamp | null;
  /** Set with deletedAt when the account was closed (migration 0034): the closed page, reopen. */
  closedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
  /** Generated column (lower-cased name, business, code, phone, email) behind the trigram index. */
  searchText: ColumnType<string, never, never>;
}

/** The paying customer: one or more businesses (branches) and the people who use them (migration 0021). */
export interface AccountTable {
  id: Generated<number>;
  name: string;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
  /** Billing details for its invoices (migration 0023); null until given. */
  billingLegalName: ColumnType<string | null, string | null | undefined, string | null>;
  billingAddress: ColumnType<string | null, string | null | undefined, string | null>;
  billingState: ColumnType<string | null, string | null | undefined, string | null>;
  billingGstin: ColumnType<string | null, string | null | undefined, string | null>;
  billingUpdatedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The feedback cases' first-response target, in IST business minutes (migration 0029). */
  caseResponseMinutes: ColumnType<number, number | undefined, number>;
  /** Closure (migration 0034): closed by an owner; erased 30 days later unless reopened. */
  closedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  closedByPersonId: ColumnType<number | null, number | null | undefined, number | null>;
  /** Emails sent before the erasure: 0, 1 (7 days before), 2 (1 day before). */
  erasureNotices: ColumnType<number, number | undefined, number>;
  /** Retention of customer contact details and feedback text, in days (migration 0034). */
  contactRetentionDays: ColumnType<number, number | undefined, number>;
  feedbackRetentionDays: ColumnType<number, number | undefined, number>;
}

/** What stays of an erased account's reviews: counts per month and rating, nothing else. */
export interface ErasedReviewAggregateTable {
  month: ColumnType<Date, Date | string, never>;
  rating: number;
  reviews: number;
  erasedAt: ColumnType<Date, Date | undefined, never>;
}

/** The platform's one row of settings (migration 0034): the grievance officer (DPDP Act). */
export interface PlatformSettingsTable {
  id: ColumnType<boolean, boolean | undefined, never>;
  grievanceOfficerName: string | null;
  grievanceOfficerEmail: string | null;
  grievanceOfficerPhone: string | null;
  updatedAt: UpdatedAt;
  updatedByAdminId: number | null;
}

/** The operator's billing profile (migration 0023): one row once a super admin has saved it. */
export interface BillingProfileTable {
  id: ColumnType<number, number | undefined, never>;
  legalName: string;
  address: string;
  state: string;
  gstin: string;
  pan: string;
  sac: string;
  seriesPrefix: string;
  signatory: string | null;
  updatedAt: ColumnType<Date, Date | undefined, Date>;
  updatedByAdminId: number | null;
}

export type TInvoiceKind = 'invoice' | 'credit-note';

/** Who issued or received an invoice, as it was on the day (kept with the invoice, never re-read). */
export interface TInvoiceParty {
  legalName: string;
  address: string | null;
  state: string | null;
  stateCode: string | null;
  gstin: string | null;
  pan?: string | null;
  signatory?: string | null;
  /** The branch the invoice is for (its business name and code), on the recipient only. */
  businessName?: string | null;
  code?: string | null;
}

export type TRenewalReminderKind = '7-days' | '1-day' | 'ended' | 'grace-closing' | 'manual';

/** A renewal reminder sent for a business's paid period (migration 0025). */
export interface RenewalReminderTable {
  id: Generated<number>;
  businessId: number;
  periodEnd: Timestamp;
  kind: TRenewalReminderKind;
  sentAt: ColumnType<Date, Date | undefined, never>;
  adminId: number | null;
  /** Its WhatsApp message from StarLoop's own sender (migration 0028); null: none for this reminder. */
  whatsappState: ColumnType<
    TRenewalWhatsAppState | null,
    TRenewalWhatsAppState | null | undefined,
    TRenewalWhatsAppState | null
  >;
  whatsappAttempts: ColumnType<number, number | undefined, number>;
  whatsappMessageId: ColumnType<string | null, string | null | undefined, string | null>;
  whatsappError: ColumnType<string | null, string | null | undefined, string | null>;
  whatsappUpdatedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export type TRenewalWhatsAppState = 'pending' | 'sending' | 'sent' | 'in_doubt' | 'failed' | 'expired';

/** An owner's number (sha256) that replied STOP to StarLoop's own WhatsApp sender (migration 0028). */
export interface OperatorWhatsAppOptOutTable {
  recipientHash: string;
  source: ColumnType<'stop-reply', 'stop-reply' | undefined, never>;
  createdAt: CreatedAt;
}

export type TAutopayStatus =
  | 'created'
  | 'authenticated'
  | 'active'
  | 'pending'
  | 'halted'
  | 'cancelled'
  | 'completed';

/** A business's Razorpay subscription for automatic renewal (migration 0026); amounts in paise. */
export interface AutopaySubscriptionTable {
  id: Generated<number>;
  businessId: number;
  plan: TPlanKey;
  razorpayPlanId: string;
  razorpaySubscriptionId: string;
  status: ColumnType<TAutopayStatus, TAutopayStatus | undefined, TAutopayStatus>;
  taxableValue: number;
  cgst: number;
  sgst: number;
  igst: number;
  amount: number;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
  cancelledAt: Timestamp | null;
}
export type TAutopaySubscription = Selectable<AutopaySubscriptionTable>;

/** Next serial of each invoice series per financial year (migration 0024). */
export interface InvoiceSeriesTable {
  series: TInvoiceKind;
  financialYear: string;
  lastSerial: number;
}

/** A tax invoice or credit note (migration 0024); amounts in paise. */
export interface InvoiceTable {
  id: Generated<number>;
  kind: TInvoiceKind;
  number: string;
  financialYear: string;
  serial: number;
  issuedAt: Timestamp;
  accountId: number | null;
  businessId: number | null;
  paymentId: number | null;
  manualPaymentId: number | null;
  originalInvoiceId: number | null;
  supplier: ColumnType<TInvoiceParty, string, string>;
  recipient: ColumnType<TInvoiceParty, string, string>;
  placeOfSupply: string;
  placeOfSupplyCode: string;
  sac: string;
  description: string;
  taxableValue: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
  createdAt: CreatedAt;
}
export type TInvoice = Selectable<InvoiceTable>;

/** Someone who signs in to the owner area: one phone, one password, any number of accounts. */
export interface PersonTable {
  id: Generated<number>;
  name: string;
  /** The sign-in phone (10 digits), unique among persons. */
  phone: string;
  email: string | null;
  passwordHash: string | null;
  /** The owner area's language (migration 0039): en or hi, en until they choose. */
  language: ColumnType<TOwnerLanguage, TOwnerLanguage | undefined, TOwnerLanguage>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** A person's role in an account; managers and staff may be limited to some of its branches. */
export interface MembershipTable {
  accountId: number;
  personId: number;
  role: TMemberRole;
  /** The branches a manager or staff member may use; null: every branch (always null for owners). */
  businessIds: number[] | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** An invitation to join an account: single use, 7 days, revocable; only its sha256 is kept. */
export interface InvitationTable {
  id: Generated<number>;
  accountId: number;
  tokenHash: string;
  name: string;
  phone: string;
  email: string | null;
  role: Exclude<TMemberRole, 'owner'>;
  businessIds: number[] | null;
  invitedBy: number | null;
  expiresAt: Timestamp;
  acceptedAt: Timestamp | null;
  revokedAt: Timestamp | null;
  createdAt: CreatedAt;
}

/** Per-owner counters kept in the same transaction as each review insert. */
export interface OwnerReviewStatsTable {
  ownerId: number;
  reviewCount: ColumnType<number, number | undefined, number>;
  ratingSum: ColumnType<number, number | undefined, number>;
  star1: ColumnType<number, number | undefined, number>;
  star2: ColumnType<number, number | undefined, number>;
  star3: ColumnType<number, number | undefined, number>;
  star4: ColumnType<number, number | undefined, number>;
  star5: ColumnType<number, number | undefined, number>;
  lastReviewAt: Timestamp | null;
}

/** Review counts per business and IST day (migration 0022), kept by triggers on reviews. */
export interface OwnerReviewDayTable {
  ownerId: number;
  /** An IST day, 'YYYY-MM-DD'. */
  day: ColumnType<string, string, string>;
  reviews: number;
  ratingSum: number;
  positive: number;
  low: number;
  withMessage: number;
  replied: number;
  fromRequests: number;
}

export interface ReviewTable {
  id: Generated<number>;
  ownerId: number;
  rating: number;
  message: ColumnType<string, string | undefined, string>;
  customerContact: string | null;
  deviceId: string | null;
  sentimentLabel: TSentimentLabel | null;
  sentimentScore: number | null;
  replyStatus: ColumnType<TReplyStatus, TReplyStatus | undefined, TReplyStatus>;
  replyText: string | null;
  replyError: string | null;
  replyAttempts: ColumnType<number, number | undefined, number>;
  repliedAt: Timestamp | null;
  followedUpAt: Timestamp | null;
  /** Lease of the reply worker drafting this review (migration 0005). */
  replyLock: string | null;
  replyLockUntil: Timestamp | null;
  ownerNotifiedAt: Timestamp | null;
  reminderSentAt: Timestamp | null;
  /** Where the customer scanned (migration 0014); null = the Default placement (the original QR). */
  placementId: ColumnType<number | null, number | null | undefined, number | null>;
  /** The review request whose short link brought the customer (migration 0016); null otherwise. */
  reviewRequestId: ColumnType<number | null, number | null | undefined, number | null>;
  /** The review page's language when it was left (migration 0030); null before, and for other paths. */
  language: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: CreatedAt;
}

/**
 * A named place an owner's QR code hangs (migration 0014). `key` rides in the review URL
 * (`?p=`) and never changes; deleting only sets `deletedAt`, so history keeps its name.
 */
export interface PlacementTable {
  id: Generated<number>;
  ownerId: number;
  key: string;
  name: string;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
  deletedAt: Timestamp | null;
  /** 'requests': the owner's system placement for reviews through request links (migration 0016). */
  system: ColumnType<'requests' | null, 'requests' | null | undefined, never>;
  /** A place (table, counter, bag) or a staff member's own code (migration 0031). */
  kind: ColumnType<TPlacementKind, TPlacementKind | undefined, TPlacementKind>;
}

/** Review page views per owner, IST day and placement (null = Default), no visitor data (migration 0014). */
export interface PlacementScanTable {
  ownerId: number;
  placementId: number | null;
  /** 'YYYY-MM-DD' (IST); read it as text (`day::text`): drivers turn dates into local Dates. */
  day: ColumnType<string, string, never>;
  scans: ColumnType<number, number | undefined, number>;
}

/** One row per owner and IST day a low-rating digest went out (migration 0005). */
export interface OwnerDigestTable {
  ownerId: number;
  digestDate: string;
  reviewCount: number;
  sentAt: CreatedAt;
}

export interface PaymentTable {
  id: Generated<number>;
  /** null once its owner was purged: money records are kept, detached (migration 0011). */
  ownerId: ColumnType<number | null, number, number | null>;
  plan: TPlanKey;
  purpose: TPaymentPurpose;
  provider: TPaymentProvider;
  /** Minor units (paise): what was charged, GST included (migration 0024). */
  amount: number;
  /** The price before GST (paise); equal to amount on payments from before GST was charged (insertPayment's default). */
  taxableValue: ColumnType<number, number | undefined, number>;
  cgst: ColumnType<number, number | undefined, number>;
  sgst: ColumnType<number, number | undefined, number>;
  igst: ColumnType<number, number | undefined, number>;
  /** The Razorpay subscription an AutoPay charge came from (migration 0026). */
  razorpaySubscriptionId: ColumnType<string | null, string | null | undefined, string | null>;
  currency: ColumnType<string, string | undefined, string>;
  status: ColumnType<TPaymentStatus, TPaymentStatus | undefined, TPaymentStatus>;
  paymentMethod: string | null;
  razorpayOrderId: string | null;
  razorpayPaymentId: string | null;
  razorpaySignature: string | null;
  failureReason: string | null;
  periodStart: Timestamp | null;
  periodEnd: Timestamp | null;
  capturedAt: Timestamp | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/**
 * One registration attempt (POST /api/payments/initiate), beside its own payment (migration 0009).
 * Its details reach the owner only when that payment is captured (settlement.service.ts).
 */
export interface RegistrationAttemptTable {
  paymentId: number;
  name: string;
  email: string | null;
  businessName: string;
  code: string;
  reviewLink: string | null;
  state: string | null;
  city: string | null;
  salesRepName: string | null;
  plan: TPlanKey;
  /** Cleared once the attempt is settled. */
  passwordHash: string | null;
  outcome: ColumnType<TRegistrationOutcome, TRegistrationOutcome | undefined, TRegistrationOutcome>;
  /** Why a captured attempt was applied to nobody: its phone or its code was taken by then. */
  refundReason: TRefundReason | null;
  createdAt: CreatedAt;
  settledAt: Timestamp | null;
  /** The provider's refund of a 'needs_refund' attempt, once an admin has made it (migration 0019). */
  refundId: string | null;
  refundedAt: Timestamp | null;
  /** Billing details given with the registration (migration 0024), for the account and its invoices. */
  billingLegalName: ColumnType<string | null, string | null | undefined, string | null>;
  billingAddress: ColumnType<string | null, string | null | undefined, string | null>;
  billingState: ColumnType<string | null, string | null | undefined, string | null>;
  billingGstin: ColumnType<string | null, string | null | undefined, string | null>;
}

export type TRegistrationOutcome = 'pending' | 'applied' | 'needs_refund';
export type TRefundReason = 'phone' | 'code';

export interface ManualPaymentTable {
  id: Generated<number>;
  /** Whole rupees. */
  amount: number;
  paymentMethod: string;
  status: ColumnType<string, string | undefined, string>;
  notes: string | null;
  email: string | null;
  createdByAdminId: number | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface ManualPaymentOwnerTable {
  manualPaymentId: number;
  ownerId: number;
}

export interface AdminTable {
  id: Generated<number>;
  name: string;
  email: string;
  passwordHash: string;
  role: TAdminRole;
  status: ColumnType<TAdminStatus, TAdminStatus | undefined, TAdminStatus>;
  lastLogin: Timestamp | null;
  /** Failed sign-in steps since the last success (migration 0010): drives the growing delay. */
  failedSignIns: ColumnType<number, number | undefined, number>;
  /** No sign-in step is checked for this admin before then (the growing delay). */
  signInBlockedUntil: Timestamp | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** The one row of admin security settings (migration 0010). */
export interface AdminSecuritySettingsTable {
  id: ColumnType<boolean, boolean | undefined, never>;
  twoFactorRequired: ColumnType<boolean, boolean | undefined, boolean>;
  updatedAt: UpdatedAt;
  updatedByAdminId: number | null;
}

/** An admin's confirmed TOTP secret, sealed by the server (migration 0010). */
export interface AdminTwoFactorTable {
  adminId: number;
  secretSealed: string;
  /** The TOTP time step of the last accepted code: a code is never accepted twice. */
  lastTimeStep: number | null;
  enrolledAt: UpdatedAt;
}

/** sha256 of one recovery code; each works once (migration 0010). */
export interface AdminRecoveryCodeTable {
  id: Generated<number>;
  adminId: number;
  codeHash: string;
  usedAt: Timestamp | null;
  createdAt: CreatedAt;
}

export type TSignInChallengePurpose = 'verify' | 'enrol';

/** The second step of an admin sign-in: the hash of its short-lived token (migration 0010). */
export interface AdminSignInChallengeTable {
  id: Generated<number>;
  tokenHash: string;
  adminId: number;
  purpose: TSignInChallengePurpose;
  /** Enrolment only: the secret being set up, sealed, until a code confirms it. */
  pendingSecretSealed: string | null;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
  createdAt: CreatedAt;
}

export type TAuditActorKind = 'admin' | 'owner' | 'system';

/** Append-only: the database refuses UPDATE, DELETE and TRUNCATE (migration 0010). */
export interface AuditLogTable {
  id: Generated<number>;
  actorKind: TAuditActorKind;
  actorId: number | null;
  action: string;
  targetTable: string | null;
  targetId: number | null;
  ip: string | null;
  details: ColumnType<Record<string, unknown>, string | undefined, never>;
  createdAt: CreatedAt;
}

export interface AgentTable {
  id: Generated<number>;
  code: string;
  name: string;
  email: string;
  phone: string;
  status: ColumnType<TAgentStatus, TAgentStatus | undefined, TAgentStatus>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface LeadTable {
  id: Generated<number>;
  name: string;
  email: string;
  contactNumber: ColumnType<string, string | undefined, string>;
  /** Spelled as the spec spells it. */
  bussiness: ColumnType<string, string | undefined, string>;
  subject: string;
  message: string;
  source: TLeadSource;
  status: ColumnType<TLeadStatus, TLeadStatus | undefined, TLeadStatus>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface ActivityEventTable {
  id: Generated<number>;
  type: string;
  message: string;
  code: string | null;
  ownerId: number | null;
  adminId: number | null;
  meta: Json<Record<string, unknown>> | null;
  createdAt: CreatedAt;
}

export interface AuthSessionTable {
  id: string;
  subjectKind: 'owner' | 'admin';
  subjectId: number;
  expiresAt: Timestamp;
  revokedAt: Timestamp | null;
  userAgent: string | null;
  createdAt: CreatedAt;
}

export interface OneTimeTokenTable {
  id: Generated<number>;
  /** sha256 of the token; the token itself is never stored. */
  tokenHash: string;
  kind: TOneTimeTokenKind;
  /** The person whose password the link sets (migration 0021). */
  personId: number;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
  createdAt: CreatedAt;
}

export interface WebhookEventTable {
  eventId: string;
  eventType: string;
  receivedAt: CreatedAt;
}

export interface ReplyTemplateTable {
  ownerId: number;
  sentiment: TSentimentLabel;
  body: string;
  updatedAt: UpdatedAt;
}

export interface EmailOutboxTable {
  id: Generated<number>;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  attachments: Json<{ filename: string; contentType: string; contentBase64: string }[]> | null;
  status: ColumnType<TMailStatus, TMailStatus | undefined, TMailStatus>;
  error: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  category: string | null;
  createdAt: CreatedAt;
  sentAt: Timestamp | null;
  /** Extra mail headers, e.g. List-Unsubscribe (migration 0016). */
  headers: Json<Record<string, string>> | null;
  /** A caller's key: recording the same mail twice answers the first row (migration 0016). */
  idempotencyKey: ColumnType<string | null, string | null | undefined, never>;
}

/**
 * Platform counters kept by triggers (counters/counter-functions.ts): one row per metric, month and
 * shard; a metric's value is the sum of its rows. Written only by the triggers and the rebuild.
 */
export interface StatCounterTable {
  metric: string;
  /** First day of the month (UTC). */
  bucket: ColumnType<Date, Date | string, Date | string>;
  shard: number;
  n: ColumnType<number, number | undefined, number>;
  amount: ColumnType<number, number | undefined, number>;
}

/** sha256 of an address that unsubscribed: no more mail goes to it (migration 0011). */
export interface EmailSuppressionTable {
  addressHash: string;
  reason: ColumnType<'unsubscribe', 'unsubscribe' | undefined, 'unsubscribe'>;
  createdAt: CreatedAt;
}

/** When an automatic reply last went to a customer address, by its sha256 (migration 0011). */
export interface ReplyRecipientTable {
  addressHash: string;
  lastSentAt: Timestamp;
}

/** When an owner's last batched low-rating alert went out (migration 0011). */
export interface LowRatingAlertWindowTable {
  ownerId: number;
  lastSentAt: Timestamp;
}

// ------------------------------------------------------------------- review requests (migration 0016)

/** An owner's customer: a phone (E.164) and/or an email, consent, and an opt-out that is final. */
export interface ContactTable {
  id: Generated<number>;
  ownerId: number;
  name: string | null;
  phoneE164: string | null;
  /** Lower-cased. */
  email: string | null;
  consent: ColumnType<boolean, boolean | undefined, boolean>;
  consentAt: Timestamp | null;
  consentSource: TConsentSource | null;
  optedOutAt: Timestamp | null;
  optOutSource: TOptOutSource | null;
  optOutChannel: TRequestChannel | null;
  /** When the last request to this customer was created: the interval rule reads it. */
  lastRequestedAt: Timestamp | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** No row: the defaults (90 days, WhatsApp then SMS then email). */
export interface OwnerRequestSettingsTable {
  ownerId: number;
  intervalDays: ColumnType<number, number | undefined, number>;
  /** 'whatsapp,sms,email': the order channels are tried in. */
  channelOrder: ColumnType<string, string | undefined, string>;
  updatedAt: UpdatedAt;
}

export interface TCampaignSkippedCounts {
  optedOut: number;
  noConsent: number;
  tooSoon: number;
  noChannel: number;
  notFound: number;
}

export interface RequestCampaignTable {
  id: Generated<number>;
  ownerId: number;
  name: string;
  status: ColumnType<TCampaignStatus, TCampaignStatus | undefined, TCampaignStatus>;
  sendAt: Timestamp;
  reminderAfterDays: number | null;
  selected: ColumnType<number, number | undefined, number>;
  skipped: Json<TCampaignSkippedCounts>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** One ask of one customer, with its own short-link token. */
export interface ReviewRequestTable {
  id: Generated<number>;
  ownerId: number;
  contactId: number | null;
  campaignId: number | null;
  token: string;
  category: TRequestCategory;
  status: ColumnType<TRequestStatus, TRequestStatus | undefined, TRequestStatus>;
  cancelReason: string | null;
  /** The channel its message went out on. */
  channel: TRequestChannel | null;
  /** When it may go (the 9-to-9 window already applied for promotional ones). */
  sendAt: Timestamp;
  sentAt: Timestamp | null;
  reminderAt: Timestamp | null;
  reminderSentAt: Timestamp | null;
  clicks: ColumnType<number, number | undefined, number>;
  firstClickedAt: Timestamp | null;
  reviewId: number | null;
  rating: number | null;
  reviewedAt: Timestamp | null;
  optedOutAt: Timestamp | null;
  createdAt: CreatedAt;
}

/** One message of a request on one channel; `idempotencyKey` is unique. */
export interface RequestDeliveryTable {
  id: Generated<number>;
  requestId: number;
  channel: TRequestChannel;
  purpose: ColumnType<TDeliveryPurpose, TDeliveryPurpose | undefined, TDeliveryPurpose>;
  idempotencyKey: string;
  status: ColumnType<TDeliveryStatus, TDeliveryStatus | undefined, TDeliveryStatus>;
  providerMessageId: string | null;
  error: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  leaseUntil: Timestamp | null;
  createdAt: CreatedAt;
  sentAt: Timestamp | null;
  deliveredAt: Timestamp | null;
  readAt: Timestamp | null;
  failedAt: Timestamp | null;
}

export interface RequestUsageTable {
  ownerId: number;
  /** 'YYYY-MM' (IST). */
  month: string;
  requests: ColumnType<number, number | undefined, number>;
}

/** A parsed contacts file, between its preview and its commit. */
export interface ContactImportTable {
  id: Generated<number>;
  ownerId: number;
  fileName: string;
  rows: Json<TContactImportRow[]>;
  total: number;
  committed: ColumnType<number, number | undefined, number>;
  created: ColumnType<number, number | undefined, number>;
  merged: ColumnType<number, number | undefined, number>;
  skipped: ColumnType<number, number | undefined, number>;
  status: ColumnType<
    'preview' | 'importing' | 'done',
    'preview' | 'importing' | 'done' | undefined,
    'preview' | 'importing' | 'done'
  >;
  createdAt: CreatedAt;
  expiresAt: Timestamp;
}

/** A file row, normalised; `errors` non-empty means it is skipped. */
export interface TContactImportRow {
  row: number;
  name: string | null;
  phoneE164: string | null;
  email: string | null;
  consent: boolean;
  consentAt: string | null;
  consentSource: TConsentSource | null;
  errors: string[];
}

export type TContact = Selectable<ContactTable>;
export type TReviewRequest = Selectable<ReviewRequestTable>;
export type TRequestCampaign = Selectable<RequestCampaignTable>;
export type TRequestDelivery = Selectable<RequestDeliveryTable>;

/** A feedback case (migration 0029): one per low review, worked through to an outcome. */
export interface CaseTable {
  id: Generated<number>;
  /** The QR review; null for a Google review's case (exactly one of the two is set, migration 0031). */
  reviewId: number | null;
  /** The Google review (migration 0031). */
  googleReviewId: ColumnType<number | null, number | null | undefined, never>;
  /** The review's business. */
  ownerId: number;
  rating: number;
  status: ColumnType<TCaseStatus, TCaseStatus | undefined, TCaseStatus>;
  outcome: TCaseOutcome | null;
  assigneePersonId: number | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
  firstResponseAt: Timestamp | null;
  resolvedAt: Timestamp | null;
  dueAt: Timestamp;
  /** When its new-case alert was claimed (migration 0032); null: not yet. */
  alertedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** When its overdue alert was claimed (migration 0032); null: not (yet) overdue, or not yet told. */
  overdueAlertedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
}
export type TCase = Selectable<CaseTable>;

/** A person's case alert choices (migration 0032); no row: the defaults. */
export interface AlertPreferenceTable {
  personId: number;
  newCaseEmail: boolean;
  newCaseWhatsapp: boolean;
  overdueEmail: boolean;
  overdueWhatsapp: boolean;
  /** Quiet hours, minutes after IST midnight; both or neither. */
  quietStart: number | null;
  quietEnd: number | null;
  /** Web Push (migration 0037): new cases, overdue cases, the plan's renewal reminders. */
  newCasePush: Generated<boolean>;
  overduePush: Generated<boolean>;
  renewalPush: Generated<boolean>;
  updatedAt: UpdatedAt;
}
export type TAlertPreferenceRow = Selectable<AlertPreferenceTable>;

/** One message to one person listing the alerts that waited for it (migration 0032). */
export interface CaseAlertBatchTable {
  id: Generated<number>;
  personId: number;
  createdAt: Timestamp;
  alertCount: number;
  /** The email's outbox row; null: no email in this batch. */
  emailId: number | null;
  /** Its WhatsApp message from StarLoop's own sender; null: none in this batch. */
  whatsappState: ColumnType<
    TRenewalWhatsAppState | null,
    TRenewalWhatsAppState | null | undefined,
    TRenewalWhatsAppState | null
  >;
  whatsappMessageId: ColumnType<string | null, string | null | undefined, string | null>;
  whatsappError: ColumnType<string | null, string | null | undefined, string | null>;
  whatsappUpdatedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The batch went as a Web Push too (migration 0037). */
  push: Generated<boolean>;
}
export type TCaseAlertBatch = Selectable<CaseAlertBatchTable>;

/** One alert of a case to a person; waiting while batch_id is null (migration 0032). */
export interface CaseAlertTable {
  id: Generated<number>;
  caseId: number;
  personId: number;
  kind: TCaseAlertKind;
  createdAt: Timestamp;
  batchId: number | null;
}

/** One line of a case's timeline; `data` holds what changed (from/to, or a note's text). */
export interface CaseEventTable {
  id: Generated<number>;
  caseId: number;
  kind: TCaseEventKind;
  actorPersonId: number | null;
  data: Json<Record<string, unknown>>;
  createdAt: CreatedAt;
}
export type TCaseEvent = Selectable<CaseEventTable>;

/** Cases per business, status, assignee (0: none) and rating, kept by triggers on cases (migration 0031). */
export interface CaseCountTable {
  ownerId: number;
  status: TCaseStatus;
  assigneePersonId: number;
  rating: number;
  cases: number;
}

/** The phone/email a customer left under the feedback form, and their consent (migration 0030). */
export interface ReviewContactTable {
  reviewId: number;
  ownerId: number;
  phoneE164: string | null;
  /** Lower-cased. */
  email: string | null;
  consent: boolean;
  consentAt: Timestamp | null;
  /** Which wording of the consent line the customer saw (REVIEW_CONTACT_CONSENT_VERSION). */
  consentVersion: string;
  language: string;
  withdrawnAt: Timestamp | null;
  withdrawnSource: TOptOutSource | null;
  createdAt: CreatedAt;
}
export type TReviewContact = Selectable<ReviewContactTable>;

/** A message to or from a case's customer (migration 0030). */
export interface CaseMessageTable {
  id: Generated<number>;
  caseId: number;
  ownerId: number;
  direction: 'out' | 'in';
  kind: ColumnType<TCaseMessageKind, TCaseMessageKind | undefined, TCaseMessageKind>;
  channel: TCaseMessageChannel;
  via: 'platform' | 'own' | null;
  /** E.164 phone or lower-cased email the message went to (or came from). */
  recipient: string;
  text: string;
  language: string;
  status: TCaseMessageDelivery | 'sending';
  attempts: ColumnType<number, number | undefined, number>;
  providerMessageId: string | null;
  replyToken: string | null;
  error: string | null;
  sentByPersonId: number | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}
export type TCaseMessageRow = Selectable<CaseMessageTable>;

/** Messages to customers through StarLoop's own sender, per branch and IST month (migration 0030). */
export interface PlatformMessageUsageTable {
  ownerId: number;
  month: string;
  used: ColumnType<number, number | undefined, number>;
}

/** An account's own wording of a case reply template in one language (migration 0030). */
export interface CaseReplyTemplateTable {
  accountId: number;
  kind: TCaseReplyTemplateKind;
  language: string;
  text: string;
  updatedAt: UpdatedAt;
}

export type TAccountExportRunState = 'running' | 'ready' | 'failed';

/** One export of an account's data (migration 0033); its ZIP is in account_export_chunks. */
export interface AccountExportTable {
  id: Generated<number>;
  accountId: number;
  requestedByPersonId: number | null;
  requestedByAdminId: number | null;
  status: ColumnType<TAccountExportRunState, TAccountExportRunState | undefined, TAccountExportRunState>;
  progress: ColumnType<number, number | undefined, number>;
  rowCount: ColumnType<number, number | undefined, number>;
  byteSize: ColumnType<number, number | undefined, number>;
  error: string | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
  finishedAt: Timestamp | null;
  expiresAt: Timestamp | null;
}

/** A piece (about 1 MB) of an export's ZIP, in order (migration 0033). */
export interface AccountExportChunkTable {
  exportId: number;
  seq: number;
  data: Uint8Array;
}

/** A phone's or browser's Web Push subscription of a person (migration 0037). */
export interface PushSubscriptionTable {
  id: Generated<number>;
  personId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string | null;
  createdAt: ColumnType<Date, Date | string | undefined, Date | string>;
  lastSuccessAt: Timestamp | null;
  /** The push service answered 404/410 (gone) at this time; never pushed to again. */
  disabledAt: Timestamp | null;
  disabledStatus: number | null;
}
export type TPushSubscriptionRow = Selectable<PushSubscriptionTable>;
/** A one-time code for the public "my data" page (migration 0035): hashes only. */
export interface DataRequestCodeTable {
  id: Generated<number>;
  identifierHash: string;
  codeHash: string;
  expiresAt: Timestamp;
  attempts: ColumnType<number, number | undefined, number>;
  usedAt: Timestamp | null;
  createdAt: CreatedAt;
}

/** What a business held about a customer when they asked (counts per kind of record). */
export interface TDataRequestHeld {
  contacts: number;
  reviewContacts: number;
  reviews: number;
  requests: number;
  caseMessages: number;
}

/** A customer's access or erasure request to one business (migration 0035): a task for its owners. */
export interface DataRequestTable {
  id: Generated<number>;
  ownerId: number;
  kind: 'access' | 'erasure';
  identifierKind: 'phone' | 'email';
  identifierHash: string;
  identifierMasked: string;
  /** In clear only while open (the business needs it to act). */
  identifier: string | null;
  held: Json<TDataRequestHeld>;
  status: ColumnType<
    'open' | 'completed' | 'auto_completed',
    'open' | 'completed' | 'auto_completed' | undefined,
    'open' | 'completed' | 'auto_completed'
  >;
  dueAt: Timestamp;
  completedAt: Timestamp | null;
  completedByPersonId: number | null;
  createdAt: CreatedAt;
}
export type TDataRequestRow = Selectable<DataRequestTable>;

export interface Database {
  accountExports: AccountExportTable;
  accountExportChunks: AccountExportChunkTable;
  pushSubscriptions: PushSubscriptionTable;
  cases: CaseTable;
  caseCounts: CaseCountTable;
  alertPreferences: AlertPreferenceTable;
  caseAlerts: CaseAlertTable;
  caseAlertBatches: CaseAlertBatchTable;
  caseEvents: CaseEventTable;
  reviewContacts: ReviewContactTable;
  caseMessages: CaseMessageTable;
  platformMessageUsage: PlatformMessageUsageTable;
  caseReplyTemplates: CaseReplyTemplateTable;
  dataRequestCodes: DataRequestCodeTable;
  dataRequests: DataRequestTable;
  accounts: AccountTable;
  erasedReviewAggregates: ErasedReviewAggregateTable;
  platformSettings: PlatformSettingsTable;
  billingProfile: BillingProfileTable;
  invoiceSeries: InvoiceSeriesTable;
  invoices: InvoiceTable;
  renewalReminders: RenewalReminderTable;
  operatorWhatsappOptOuts: OperatorWhatsAppOptOutTable;
  autopaySubscriptions: AutopaySubscriptionTable;
  persons: PersonTable;
  memberships: MembershipTable;
  invitations: InvitationTable;
  owners: OwnerTable;
  ownerReviewStats: OwnerReviewStatsTable;
  ownerReviewDays: OwnerReviewDayTable;
  reviews: ReviewTable;
  payments: PaymentTable;
  registrationAttempts: RegistrationAttemptTable;
  manualPayments: ManualPaymentTable;
  manualPaymentOwners: ManualPaymentOwnerTable;
  admins: AdminTable;
  adminSecuritySettings: AdminSecuritySettingsTable;
  adminTwoFactor: AdminTwoFactorTable;
  adminRecoveryCodes: AdminRecoveryCodeTable;
  adminSignInChallenges: AdminSignInChallengeTable;
  auditLog: AuditLogTable;
  agents: AgentTable;
  leads: LeadTable;
  activityEvents: ActivityEventTable;
  authSessions: AuthSessionTable;
  oneTimeTokens: OneTimeTokenTable;
  webhookEvents: WebhookEventTable;
  replyTemplates: ReplyTemplateTable;
  emailOutbox: EmailOutboxTable;
  ownerDigests: OwnerDigestTable;
  statCounters: StatCounterTable;
  emailSuppressions: EmailSuppressionTable;
  replyRecipients: ReplyRecipientTable;
  lowRatingAlertWindows: LowRatingAlertWindowTable;
  jobFailures: JobFailureTable;
  placements: PlacementTable;
  placementScans: PlacementScanTable;
  contacts: ContactTable;
  ownerRequestSettings: OwnerRequestSettingsTable;
  requestCampaigns: RequestCampaignTable;
  reviewRequests: ReviewRequestTable;
  requestDeliveries: RequestDeliveryTable;
  requestUsage: RequestUsageTable;
  contactImports: ContactImportTable;
  ownerChannelSettings: OwnerChannelSettingsTable;
  channelSendAttempts: ChannelSendAttemptTable;
  channelWebhookEvents: ChannelWebhookEventTable;
  apiKeys: ApiKeyTable;
  apiIdempotencyKeys: ApiIdempotencyKeyTable;
  webhookEndpoints: WebhookEndpointTable;
  webhookDeliveries: WebhookDeliveryTable;
  googleConnections: GoogleConnectionTable;
  googleOauthStates: GoogleOauthStateTable;
  googleReviews: GoogleReviewTable;
  businessCodeHistory: BusinessCodeHistoryTable;
}

/**
 * A business's former code (migration 0036): it redirects to the business's current code and stays
 * reserved for that business.
 */
export interface BusinessCodeHistoryTable {
  code: string;
  ownerId: number;
  retiredAt: ColumnType<Date, Date | undefined, Date>;
  retiredBy: 'owner' | 'admin';
}

/** A background job that used every retry (migration 0013), for admins to see and act on. */
export interface JobFailureTable {
  id: Generated<number>;
  queue: string;
  jobId: string;
  attempts: number;
  error: string;
  data: Json<unknown> | null;
  failedAt: CreatedAt;
}
export type TJobFailure = Selectable<JobFailureTable>;

export type TOwner = Selectable<OwnerTable>;
export type TNewOwner = Insertable<OwnerTable>;
export type TAccount = Selectable<AccountTable>;
export type TPerson = Selectable<PersonTable>;
export type TNewPerson = Insertable<PersonTable>;
export type TMembership = Selectable<MembershipTable>;
export type TInvitation = Selectable<InvitationTable>;
export type TOwnerUpdate = Updateable<OwnerTable>;
export type TReview = Selectable<ReviewTable>;
export type TPlacement = Selectable<PlacementTable>;
export type TNewReview = Insertable<ReviewTable>;
/**
 * A payment of an owner, as every payment flow reads it: the repository never hands out a payment
 * detached from a purged owner (those show only in the back-office list and reports).
 */
export type TPayment = Omit<Selectable<PaymentTable>, 'ownerId'> & { ownerId: number };
export type TNewPayment = Insertable<PaymentTable>;
export type TRegistrationAttempt = Selectable<RegistrationAttemptTable>;
export type TNewRegistrationAttempt = Insertable<RegistrationAttemptTable>;
export type TManualPayment = Selectable<ManualPaymentTable>;
export type TAdmin = Selectable<AdminTable>;
export type TAuditLogRow = Selectable<AuditLogTable>;
export type TAdminSignInChallenge = Selectable<AdminSignInChallengeTable>;
export type TNewAdmin = Insertable<AdminTable>;
export type TAgent = Selectable<AgentTable>;
export type TNewAgent = Insertable<AgentTable>;
export type TLead = Selectable<LeadTable>;
export type TNewLead = Insertable<LeadTable>;
export type TActivityEvent = Selectable<ActivityEventTable>;
export type TAuthSession = Selectable<AuthSessionTable>;
export type TEmail = Selectable<EmailOutboxTable>;

// ---------------------------------------------------------------------------- Google (migration 0018)

/** A stored connection's status: the contract's, but for `not_connected` (no row at all). */
export type TGoogleConnectionStatus = Exclude<TGoogleConnectionView, 'not_connected'>;
export type TGoogleSyncState = 'idle' | 'importing' | 'syncing';
export type TGoogleReplyStatus = TGoogleReplyView;

/** An owner's auto-publish rule for one star rating: `auto` publishes the draft after `delayMinutes`. */
export interface TGoogleReplyRule {
  rating: number;
  mode: 'ask' | 'auto';
  delayMinutes: number;
}

/** An owner's Google Business Profile connection; tokens are sealed by the server, never in clear. */
export interface GoogleConnectionTable {
  ownerId: number;
  status: ColumnType<TGoogleConnectionStatus, TGoogleConnectionStatus | undefined, TGoogleConnectionStatus>;
  /** `accounts/{id}` and `locations/{id}`: the reviews API's parent is both joined. */
  accountName: string | null;
  locationName: string | null;
  locationTitle: string | null;
  newReviewUri: string | null;
  refreshTokenSealed: string;
  accessTokenSealed: string | null;
  accessTokenExpiresAt: Timestamp | null;
  grantedScope: string | null;
  replyRules: ColumnType<TGoogleReplyRule[], string | undefined, string>;
  syncState: ColumnType<TGoogleSyncState, TGoogleSyncState | undefined, TGoogleSyncState>;
  firstImportDone: ColumnType<boolean, boolean | undefined, boolean>;
  /** Where an interrupted full pass resumes. */
  syncPageToken: string | null;
  /** Bumped by every full pass: reviews not seen by a finished pass were deleted on Google. */
  syncGeneration: ColumnType<number, number | undefined, number>;
  importTotal: number | null;
  importDone: ColumnType<number, number | undefined, number>;
  lastSyncedAt: Timestamp | null;
  lastFullSyncAt: Timestamp | null;
  lastError: string | null;
  lastErrorAt: Timestamp | null;
  revokedAt: Timestamp | null;
  revokedNoticeSentAt: Timestamp | null;
  notificationsRegisteredAt: Timestamp | null;
  connectedAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** One consent round trip: the state's sha256, its owner and the sealed PKCE verifier. */
export interface GoogleOauthStateTable {
  id: Generated<number>;
  stateHash: string;
  ownerId: number;
  verifierSealed: string;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
  createdAt: CreatedAt;
}

/** A review imported from Google, kept apart from the QR reviews. */
export interface GoogleReviewTable {
  id: Generated<number>;
  ownerId: number;
  /** `accounts/*\/locations/*\/reviews/*`, Google's own name of the review. */
  reviewName: string;
  rating: number;
  comment: ColumnType<string, string | undefined, string>;
  reviewerName: ColumnType<string, string | undefined, string>;
  createdOnGoogle: Timestamp;
  updatedOnGoogle: Timestamp;
  /** The reply Google shows today (ours once published, or one written elsewhere). */
  googleReply: string | null;
  googleReplyAt: Timestamp | null;
  sentimentLabel: TSentimentLabel | null;
  sentimentScore: number | null;
  replyStatus: ColumnType<TGoogleReplyStatus, TGoogleReplyStatus | undefined, TGoogleReplyStatus>;
  replyDraft: string | null;
  replyError: string | null;
  publishAfter: Timestamp | null;
  /** Idempotency key of the publish in flight: a job with another key does nothing. */
  publishKey: string | null;
  /** Set before the PUT: a later attempt first asks Google whether the reply is already there. */
  publishAttemptedAt: Timestamp | null;
  replyPublishedAt: Timestamp | null;
  ownerNotifiedAt: Timestamp | null;
  reminderSentAt: Timestamp | null;
  seenGeneration: ColumnType<number, number | undefined, number>;
  deletedAt: Timestamp | null;
  importedAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export type TGoogleConnection = Selectable<GoogleConnectionTable>;
export type TGoogleReview = Selectable<GoogleReviewTable>;

// ------------------------------------------------- request channels and integrations (migration 0017)

export type TMessagingChannel = 'whatsapp' | 'sms';
export type TSendAttemptState = 'sending' | 'accepted' | 'not_sent' | 'in_doubt' | 'failed' | 'abandoned';
export type TWebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** An owner's settings of one messaging channel; the one secret is sealed by the server. */
export interface OwnerChannelSettingsTable {
  ownerId: number;
  channel: TMessagingChannel;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  /** WhatsApp: the phone-number id; SMS: the gateway account's user id. */
  accountId: string | null;
  /** The channel's other, non-secret settings (template, DLT ids…). */
  options: Json<Record<string, string | null>>;
  sealedSecret: string | null;
  secretUpdatedAt: Timestamp | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** One send of a delivery on a channel, recorded before the provider is called. */
export interface ChannelSendAttemptTable {
  idempotencyKey: string;
  channel: TMessagingChannel;
  ownerId: number;
  deliveryId: number;
  /** sha256 of the recipient's E.164 number: matches a provider report to an attempt in doubt. */
  recipientHash: string;
  state: TSendAttemptState;
  providerMessageId: string | null;
  error: string | null;
  lastStatus: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  startedAt: ColumnType<Date, Date | string | undefined, Date | string>;
  updatedAt: UpdatedAt;
}

export interface ChannelWebhookEventTable {
  provider: TMessagingChannel;
  eventId: string;
  receivedAt: CreatedAt;
}

/** An owner's API key: only its sha256 and a short prefix (to recognise it) are kept. */
export interface ApiKeyTable {
  id: Generated<number>;
  ownerId: number;
  name: string;
  prefix: string;
  keyHash: string;
  createdAt: CreatedAt;
  lastUsedAt: Timestamp | null;
  revokedAt: Timestamp | null;
}

/** The first answer given to an Idempotency-Key (status null while the first call runs). */
export interface ApiIdempotencyKeyTable {
  ownerId: number;
  key: string;
  requestHash: string;
  statusCode: number | null;
  response: Json<unknown> | null;
  createdAt: CreatedAt;
}

export interface WebhookEndpointTable {
  id: Generated<number>;
  ownerId: number;
  url: string;
  events: Json<string[]>;
  sealedSecret: string;
  createdAt: CreatedAt;
  deletedAt: Timestamp | null;
}

export interface WebhookDeliveryTable {
  id: Generated<number>;
  endpointId: number;
  ownerId: number;
  eventId: string;
  eventType: string;
  payload: Json<unknown>;
  status: ColumnType<TWebhookDeliveryStatus, TWebhookDeliveryStatus | undefined, TWebhookDeliveryStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: CreatedAt;
  lastAttemptAt: Timestamp | null;
  deliveredAt: Timestamp | null;
}

export type TOwnerChannelSettings = Selectable<OwnerChannelSettingsTable>;
export type TChannelSendAttempt = Selectable<ChannelSendAttemptTable>;
export type TApiKey = Selectable<ApiKeyTable>;
export type TWebhookEndpoint = Selectable<WebhookEndpointTable>;
export type TWebhookDelivery = Selectable<WebhookDeliveryTable>;
