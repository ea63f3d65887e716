import type {
  TAdminRole,
  TAdminStatus,
  TAgentStatus,
  TLeadSource,
  TLeadStatus,
  TMailStatus,
  TOneTimeTokenKind,
  TOwnerStatus,
  TPaymentProvider,
  TPaymentPurpose,
  TPaymentStatus,
  TPlanKey,
  TRegistrationSource,
  TReplyStatus,
  TReviewFlow,
  TSentimentLabel,
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
  plan: ColumnType<TPlanKey, TPlanKey | undefined, TPlanKey>;
  status: ColumnType<TOwnerStatus, TOwnerStatus | undefined, TOwnerStatus>;
  passwordHash: string | null;
  registrationSource: TRegistrationSource;
  subscriptionStart: Timestamp | null;
  subscriptionEnd: Timestamp | null;
  reviewFlow: ColumnType<TReviewFlow, TReviewFlow | undefined, TReviewFlow>;
  notifyLowRatings: ColumnType<boolean, boolean | undefined, boolean>;
  dailyDigest: ColumnType<boolean, boolean | undefined, boolean>;
  deletedAt: Timestamp | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
  /** Generated column (lower-cased name, business, code, phone, email) behind the trigram index. */
  searchText: ColumnType<string, never, never>;
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
  createdAt: CreatedAt;
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
  ownerId: number;
  plan: TPlanKey;
  purpose: TPaymentPurpose;
  provider: TPaymentProvider;
  /** Minor units (paise). */
  amount: number;
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
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
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
  ownerId: number;
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
}

export interface Database {
  owners: OwnerTable;
  ownerReviewStats: OwnerReviewStatsTable;
  reviews: ReviewTable;
  payments: PaymentTable;
  manualPayments: ManualPaymentTable;
  manualPaymentOwners: ManualPaymentOwnerTable;
  admins: AdminTable;
  agents: AgentTable;
  leads: LeadTable;
  activityEvents: ActivityEventTable;
  authSessions: AuthSessionTable;
  oneTimeTokens: OneTimeTokenTable;
  webhookEvents: WebhookEventTable;
  replyTemplates: ReplyTemplateTable;
  emailOutbox: EmailOutboxTable;
  ownerDigests: OwnerDigestTable;
}

export type TOwner = Selectable<OwnerTable>;
export type TNewOwner = Insertable<OwnerTable>;
export type TOwnerUpdate = Updateable<OwnerTable>;
export type TReview = Selectable<ReviewTable>;
export type TNewReview = Insertable<ReviewTable>;
export type TPayment = Selectable<PaymentTable>;
export type TNewPayment = Insertable<PaymentTable>;
export type TManualPayment = Selectable<ManualPaymentTable>;
export type TAdmin = Selectable<AdminTable>;
export type TNewAdmin = Insertable<AdminTable>;
export type TAgent = Selectable<AgentTable>;
export type TNewAgent = Insertable<AgentTable>;
export type TLead = Selectable<LeadTable>;
export type TNewLead = Insertable<LeadTable>;
export type TActivityEvent = Selectable<ActivityEventTable>;
export type TAuthSession = Selectable<AuthSessionTable>;
export type TEmail = Selectable<EmailOutboxTable>;
