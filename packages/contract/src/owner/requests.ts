import { z } from 'zod';
import { CONTACT_FILTERS } from '../constants.ts';
import { ZIsoDate } from '../dto.ts';
import { ZPageMeta, ZPageQuery } from '../list-query.ts';
import { EMAIL_PATTERN } from '../patterns.ts';
import { DAY_PATTERN } from '../rules/ist.ts';
import {
  cappedText,
  countsOf,
  ISO_TIME_START_PATTERN,
  monthFigures,
  TEXT_LIMITS,
  wholeNumberFields,
  withMessage,
  ZRecordId,
} from '../schema-helpers.ts';

/**
 * Review requests (issue 19): an owner's customers (contacts, with consent and opt-out), one
 * request sent now or a campaign to a selection, each with its own short link `/r/{token}`, sent
 * over WhatsApp, SMS or email, and the figures that come back. Plan quotas: REQUEST_LIMITS
 * (plans.ts). Phones are stored in E.164 (+91 by default); the server normalises them.
 */

export const REQUEST_CHANNELS = ['whatsapp', 'sms', 'email'] as const;
export type TRequestChannel = (typeof REQUEST_CHANNELS)[number];

/** How the customer gave consent ("when and how" is kept with it). */
export const CONSENT_SOURCES = ['in-person', 'written', 'online', 'import', 'other'] as const;
export type TConsentSource = (typeof CONSENT_SOURCES)[number];

export const OPT_OUT_SOURCES = ['stop-reply', 'unsubscribe', 'owner'] as const;
export type TOptOutSource = (typeof OPT_OUT_SOURCES)[number];

/**
 * `service`: one request sent from the counter right after a visit (tied to that transaction; any
 * hour). `promotional`: campaigns and reminders (bulk, to past customers): 9 am to 9 pm IST only
 * (PROMOTIONAL_HOURS_IST, rules/ist.ts).
 */
export const REQUEST_CATEGORIES = ['service', 'promotional'] as const;
export type TRequestCategory = (typeof REQUEST_CATEGORIES)[number];

export const REQUEST_STATUSES = ['scheduled', 'sending', 'sent', 'failed', 'cancelled'] as const;
export type TRequestStatus = (typeof REQUEST_STATUSES)[number];

/** Never ask one customer more often than this (an owner setting; at least 30 days). */
export const REQUEST_INTERVAL_DAYS = { default: 90, min: 30, max: 365 } as const;
/** The one reminder goes this many days after the request, to those who have not reviewed. */
export const REMINDER_DAYS = { min: 1, max: 30 } as const;
/** The short link's token: 10 base62 characters (~59 bits), `/r/{token}`. */
export const REQUEST_TOKEN_LENGTH = 10;
export const REQUEST_TOKEN_PATTERN = /^[A-Za-z0-9]{10}$/;
/** A contacts file: at most this many rows and bytes. */
export const CONTACT_IMPORT_MAX_ROWS = 10_000;
export const CONTACT_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Rows stored per commit call: the UI's progress bar moves once per chunk. */
export const CONTACT_IMPORT_CHUNK = 1_000;
/** A campaign names at most this many contacts (the plans' quotas are smaller). */
export const CAMPAIGN_MAX_CONTACTS = 10_000;
export const CONTACT_NAME_MAX = 100;
export const CAMPAIGN_NAME_MAX = 80;

export const REQUEST_TEXTS = {
  contactNeedsPhoneOrEmail: 'Enter a phone number or an email address',
  phoneInvalid: 'Enter a valid phone number',
  emailInvalid: 'Enter a valid email address',
  nameMax: `Name must be at most ${CONTACT_NAME_MAX} characters`,
  consentAtInvalid: 'Enter the consent date as YYYY-MM-DD',
  consentAtFuture: 'The consent date cannot be in the future',
  twoContacts: 'This phone and this email belong to two different contacts',
  duplicateInFile: 'Same customer as row {row}: merged into it',
  contactAdded: 'Customer added',
  contactMerged: 'Customer already in your list: details updated',
  contactNotFound: 'Customer not found',
  optedOut: 'This customer opted out. They will not get review requests from you again.',
  optedOutAlready: 'This customer has already opted out.',
  noConsent: 'This customer has not given consent to be messaged',
  tooSoon: (days: number) => `This customer was asked for a review in the last ${days} days`,
  noChannel: 'There is no way to reach this customer (no phone or email a channel can use)',
  quotaReached: (limit: number, plan: string) =>
    `Your ${plan} plan includes ${limit.toLocaleString('en-IN')} review requests a month, and this month's are used up.`,
  quotaTooSmall: (needed: number, left: number) =>
    `This needs ${needed.toLocaleString('en-IN')} review requests, and ${left.toLocaleString('en-IN')} are left this month. Choose fewer customers.`,
  requestQueued: 'Review request on its way',
  requestScheduled: 'Review request scheduled',
  campaignNameRequired: 'Please enter a name for this campaign',
  campaignNameMax: `Campaign name must be at most ${CAMPAIGN_NAME_MAX} characters`,
  campaignEmpty: 'Choose at least one customer',
  campaignNoneEligible: 'None of the chosen customers can be asked now',
  campaignTooMany: `Choose at most ${CAMPAIGN_MAX_CONTACTS.toLocaleString('en-IN')} customers`,
  campaignCreated: 'Campaign created',
  campaignCancelled: 'Campaign cancelled. Requests not yet sent will not go out.',
  campaignNotFound: 'Campaign not found',
  campaignNotCancellable: 'This campaign has already been sent',
  sendAtPast: 'Choose a time in the future',
  sendAtTooFar: 'Schedule at most 90 days ahead',
  reminderDays: `A reminder goes after ${REMINDER_DAYS.min} to ${REMINDER_DAYS.max} days`,
  intervalDays: `Choose ${REQUEST_INTERVAL_DAYS.min} to ${REQUEST_INTERVAL_DAYS.max} days`,
  channelOrder: 'List each channel once',
  settingsSaved: 'Request settings saved',
  importFileMissing: 'Choose a CSV or Excel (.xlsx) file',
  importFileType: 'This file is not a CSV or an Excel (.xlsx) file',
  importFileTooBig: `The file is too large (at most ${CONTACT_IMPORT_MAX_BYTES / 1024 / 1024} MB)`,
  importTooManyRows: `A file may have at most ${CONTACT_IMPORT_MAX_ROWS.toLocaleString('en-IN')} customers`,
  importEmpty: 'The file has no customers',
  importNoColumns: 'The file needs a header row with a phone or an email column',
  importUnreadable: 'This file could not be read. Save it again as CSV or .xlsx and try once more.',
  importNotFound: 'This import has expired. Please upload the file again.',
  importDone: (created: number, merged: number) =>
    `Import finished: ${created.toLocaleString('en-IN')} added, ${merged.toLocaleString('en-IN')} merged`,
  unsubscribeConfirm: (business: string) => `Stop review requests from ${business}?`,
  unsubscribeDone: (business: string) =>
    `You are unsubscribed. ${business} will not send you review requests again.`,
  unsubscribeAlready: (business: string) =>
    `You are already unsubscribed. ${business} will not send you review requests again.`,
} as const;

/** An email address (optional: empty is none), lower-cased. */
const ZOptionalEmail = cappedText(TEXT_LIMITS.email, REQUEST_TEXTS.emailInvalid)
  .trim()
  .toLowerCase()
  .refine((v) => v === '' || EMAIL_PATTERN.test(v), REQUEST_TEXTS.emailInvalid)
  .optional()
  .transform((v) => v || undefined);

/** A phone as typed (spaces, dashes, +91 or not); the server checks and normalises it to E.164. */
const ZOptionalPhone = cappedText(32, REQUEST_TEXTS.phoneInvalid)
  .trim()
  .refine((v) => v === '' || /^[+\d][\d\s().-]*$/.test(v), REQUEST_TEXTS.phoneInvalid)
  .optional()
  .transform((v) => v || undefined);

/** 'YYYY-MM-DD' (the day consent was given) or a full ISO time. */
const ZConsentAt = cappedText(40, REQUEST_TEXTS.consentAtInvalid)
  .trim()
  .refine(
    (v) => (DAY_PATTERN.test(v) || ISO_TIME_START_PATTERN.test(v)) && !Number.isNaN(Date.parse(v)),
    REQUEST_TEXTS.consentAtInvalid,
  );

/** A customer added by hand: a phone and/or an email, and whether (when, how) they agreed. */
export const ZContactInput = z
  .object({
    name: cappedText(CONTACT_NAME_MAX * 4, REQUEST_TEXTS.nameMax)
      .trim()
      .max(CONTACT_NAME_MAX, REQUEST_TEXTS.nameMax)
      .optional()
      .transform((v) => v || undefined),
    phone: ZOptionalPhone,
    email: ZOptionalEmail,
    consent: z.boolean(),
    /** When consent was given (today when left out and consent is yes). */
    consentAt: ZConsentAt.optional(),
    consentSource: z.enum(CONSENT_SOURCES).optional(),
  })
  .refine((v) => v.phone !== undefined || v.email !== undefined, {
    message: REQUEST_TEXTS.contactNeedsPhoneOrEmail,
    path: ['phone'],
  });
export type TContactInput = z.infer<typeof ZContactInput>;

/** A customer's details as stored, and as the import preview shows a row of a file. */
const CONTACT_DETAIL_FIELDS = {
  name: z.string().nullable(),
  /** E.164, e.g. +919876543210. */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  consent: z.boolean(),
};

export const ZContact = z.object({
  id: z.number().int(),
  ...CONTACT_DETAIL_FIELDS,
  consentAt: ZIsoDate.nullable(),
  consentSource: z.enum(CONSENT_SOURCES).nullable(),
  optedOutAt: ZIsoDate.nullable(),
  optOutSource: z.enum(OPT_OUT_SOURCES).nullable(),
  lastRequestedAt: ZIsoDate.nullable(),
  createdAt: ZIsoDate,
});
export type TContact = z.infer<typeof ZContact>;

export const ZContactListQuery = ZPageQuery.extend({
  filter: z.enum(CONTACT_FILTERS).default('all'),
});
export type TContactListQuery = z.infer<typeof ZContactListQuery>;

export const ZContactList = z.object({
  contacts: z.array(ZContact),
  meta: ZPageMeta,
  counts: countsOf(['total', 'optedOut']),
});
export type TContactList = z.infer<typeof ZContactList>;

export const ZContactSaved = withMessage({
  contact: ZContact,
  /** true when the phone or email was already one of the owner's customers (details merged). */
  merged: z.boolean(),
});
export type TContactSaved = z.infer<typeof ZContactSaved>;

export const ZContactId = z.object({ id: ZRecordId });
export type TContactId = z.infer<typeof ZContactId>;

// ------------------------------------------------------------------------------------- import

/** One row of a file as the preview shows it (row = the line in the file, the header being 1). */
export const ZImportRow = z.object({
  row: z.number().int(),
  ...CONTACT_DETAIL_FIELDS,
  /** create: a new customer; merge: joins one already in the list (or an earlier row); error: skipped. */
  action: z.enum(['create', 'merge', 'error']),
  errors: z.array(z.string()),
});
export type TImportRow = z.infer<typeof ZImportRow>;

export const ZImportPreview = z.object({
  importId: z.number().int(),
  fileName: z.string(),
  /**
   * Row counts. `duplicatesInFile`: rows naming a customer an earlier row of the same file named
   * (merged into it).
   */
  ...wholeNumberFields(['total', 'valid', 'invalid', 'toCreate', 'toMerge', 'duplicatesInFile']),
  /** The columns found, by what they hold. */
  columns: z.object({
    name: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    consent: z.string().nullable(),
  }),
  /** Every row with an error (at most 1,000) and the first rows without. */
  errors: z.array(ZImportRow),
  sample: z.array(ZImportRow),
});
export type TImportPreview = z.infer<typeof ZImportPreview>;

/**
 * POST /api/requests/contacts/import?fileName&consent&consentSource: the file itself is the body
 * (text/csv or the .xlsx type). `consent=yes`: every customer in it agreed to be contacted (rows
 * with their own consent column keep theirs).
 */
export const ZImportUploadQuery = z.object({
  fileName: cappedText(200).trim().optional(),
  consent: z.enum(['yes', 'no']).optional(),
  consentSource: z.enum(CONSENT_SOURCES).optional(),
});
export type TImportUploadQuery = z.infer<typeof ZImportUploadQuery>;

export const ZImportCommit = z.object({ importId: ZRecordId });
export type TImportCommit = z.infer<typeof ZImportCommit>;

export const ZImportProgress = z.object({
  importId: z.number().int(),
  /**
   * `processed`: rows handled so far (valid and invalid); the import is done when it reaches `total`.
   * `skipped`: customers whose phone and email turned out to belong to two different contacts.
   */
  ...wholeNumberFields(['total', 'processed', 'created', 'merged', 'skipped']),
  done: z.boolean(),
  message: z.string(),
});
export type TImportProgress = z.infer<typeof ZImportProgress>;

// ----------------------------------------------------------------------------------- requests

/** Send one request now: to a customer in the list, or one typed at the counter (added or merged). */
export const ZSendRequest = z
  .object({ contactId: ZRecordId.optional(), contact: ZContactInput.optional() })
  .refine((v) => (v.contactId === undefined) !== (v.contact === undefined), {
    message: REQUEST_TEXTS.contactNeedsPhoneOrEmail,
    path: ['contact'],
  });
export type TSendRequest = z.infer<typeof ZSendRequest>;

export const ZRequestSent = z.object({
  success: z.literal(true),
  message: z.string(),
  requestId: z.number().int(),
  contactId: z.number().int(),
  status: z.enum(REQUEST_STATUSES),
  sendAt: ZIsoDate,
});
export type TRequestSent = z.infer<typeof ZRequestSent>;

const ZSendAt = cappedText(40, REQUEST_TEXTS.sendAtPast).refine(
  (v) => ISO_TIME_START_PATTERN.test(v) && !Number.isNaN(Date.parse(v)),
  REQUEST_TEXTS.sendAtPast,
);

export const ZCampaignCreate = z
  .object({
    name: cappedText(CAMPAIGN_NAME_MAX * 4, REQUEST_TEXTS.campaignNameRequired)
      .trim()
      .min(1, REQUEST_TEXTS.campaignNameRequired)
      .max(CAMPAIGN_NAME_MAX, REQUEST_TEXTS.campaignNameMax),
    /** The chosen customers; or `allReachable` for every customer who may be asked now. */
    contactIds: z.array(ZRecordId).max(CAMPAIGN_MAX_CONTACTS, REQUEST_TEXTS.campaignTooMany).optional(),
    allReachable: z.boolean().optional(),
    /** ISO time; left out: now. Promotional hours still apply (9 am to 9 pm IST). */
    sendAt: ZSendAt.optional(),
    reminderAfterDays: z
      .number()
      .int()
      .min(REMINDER_DAYS.min, REQUEST_TEXTS.reminderDays)
      .max(REMINDER_DAYS.max, REQUEST_TEXTS.reminderDays)
      .nullable()
      .optional(),
  })
  .refine((v) => v.allReachable === true || (v.contactIds?.length ?? 0) > 0, {
    message: REQUEST_TEXTS.campaignEmpty,
    path: ['contactIds'],
  });
export type TCampaignCreate = z.infer<typeof ZCampaignCreate>;

/** Why chosen customers were not asked. */
export const ZCampaignSkipped = countsOf(['optedOut', 'noConsent', 'tooSoon', 'noChannel', 'notFound']);
export type TCampaignSkipped = z.infer<typeof ZCampaignSkipped>;

/** A channel's figures: messages sent, delivered, read, failed; requests clicked and reviewed. */
export const ZChannelFigures = z.object({
  channel: z.enum(REQUEST_CHANNELS),
  ...wholeNumberFields(['sent', 'delivered', 'read', 'failed', 'clicked', 'reviewed']),
  /** Reviews per star (1 to 5). */
  ratings: z.object({ 1: z.number(), 2: z.number(), 3: z.number(), 4: z.number(), 5: z.number() }),
  averageRating: z.number().nullable(),
  optedOut: z.number().int(),
});
export type TChannelFigures = z.infer<typeof ZChannelFigures>;

/** `waiting`: requests still waiting for their time (or for 9 am). */
export const ZCampaignFigures = ZChannelFigures.omit({ channel: true }).extend(
  wholeNumberFields(['requests', 'waiting', 'cancelled', 'remindersSent']),
);
export type TCampaignFigures = z.infer<typeof ZCampaignFigures>;

export const CAMPAIGN_STATUSES = ['scheduled', 'sending', 'sent', 'cancelled'] as const;
export type TCampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const ZCampaign = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  sendAt: ZIsoDate,
  reminderAfterDays: z.number().int().nullable(),
  selected: z.number().int(),
  skipped: ZCampaignSkipped,
  createdAt: ZIsoDate,
  figures: ZCampaignFigures,
});
export type TCampaign = z.infer<typeof ZCampaign>;

export const ZCampaignCreated = ZCampaign.extend({ message: z.string() });
export type TCampaignCreated = z.infer<typeof ZCampaignCreated>;

export const ZCampaignId = z.object({ id: ZRecordId });
export type TCampaignId = z.infer<typeof ZCampaignId>;

export const ZCampaignListQuery = ZPageQuery.omit({ search: true });
export const ZCampaignList = z.object({ campaigns: z.array(ZCampaign), meta: ZPageMeta });
export type TCampaignList = z.infer<typeof ZCampaignList>;

export const ZCampaignDetail = ZCampaign.extend({ byChannel: z.array(ZChannelFigures) });
export type TCampaignDetail = z.infer<typeof ZCampaignDetail>;

export const DELIVERY_STATUSES = ['queued', 'sent', 'delivered', 'read', 'failed'] as const;
export type TDeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const DELIVERY_PURPOSES = ['initial', 'reminder'] as const;
export type TDeliveryPurpose = (typeof DELIVERY_PURPOSES)[number];

/** One message of a request: the first or the reminder, on one channel. */
export const ZDeliveryView = z.object({
  channel: z.enum(REQUEST_CHANNELS),
  purpose: z.enum(DELIVERY_PURPOSES),
  status: z.enum(DELIVERY_STATUSES),
  error: z.string().nullable(),
  createdAt: ZIsoDate,
  sentAt: ZIsoDate.nullable(),
  deliveredAt: ZIsoDate.nullable(),
  readAt: ZIsoDate.nullable(),
});

/** One request in a customer's history. */
export const ZRequestHistoryItem = z.object({
  id: z.number().int(),
  campaign: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  category: z.enum(REQUEST_CATEGORIES),
  status: z.enum(REQUEST_STATUSES),
  cancelReason: z.string().nullable(),
  channel: z.enum(REQUEST_CHANNELS).nullable(),
  sendAt: ZIsoDate,
  sentAt: ZIsoDate.nullable(),
  clicks: z.number().int(),
  firstClickedAt: ZIsoDate.nullable(),
  rating: z.number().int().nullable(),
  reviewedAt: ZIsoDate.nullable(),
  reminderAt: ZIsoDate.nullable(),
  reminderSentAt: ZIsoDate.nullable(),
  deliveries: z.array(ZDeliveryView),
  createdAt: ZIsoDate,
});
export type TRequestHistoryItem = z.infer<typeof ZRequestHistoryItem>;

export const ZContactHistory = z.object({ contact: ZContact, requests: z.array(ZRequestHistoryItem) });
export type TContactHistory = z.infer<typeof ZContactHistory>;

// ----------------------------------------------------------------------------------- settings

export const ZRequestSettings = z.object({
  intervalDays: z.number().int(),
  /** The order channels are tried in (the first the customer can be reached on is used). */
  channelOrder: z.array(z.enum(REQUEST_CHANNELS)),
  /** Channels this server can send through now (email always; WhatsApp and SMS once set up). */
  availableChannels: z.array(z.enum(REQUEST_CHANNELS)),
});
export type TRequestSettings = z.infer<typeof ZRequestSettings>;

export const ZRequestSettingsUpdate = z.object({
  intervalDays: z
    .number()
    .int(REQUEST_TEXTS.intervalDays)
    .min(REQUEST_INTERVAL_DAYS.min, REQUEST_TEXTS.intervalDays)
    .max(REQUEST_INTERVAL_DAYS.max, REQUEST_TEXTS.intervalDays)
    .optional(),
  channelOrder: z
    .array(z.enum(REQUEST_CHANNELS))
    .min(1, REQUEST_TEXTS.channelOrder)
    .max(REQUEST_CHANNELS.length, REQUEST_TEXTS.channelOrder)
    .refine((list) => new Set(list).size === list.length, REQUEST_TEXTS.channelOrder)
    .optional(),
});
export type TRequestSettingsUpdate = z.infer<typeof ZRequestSettingsUpdate>;

/** The month's use of the plan's requests. */
export const ZRequestUsage = monthFigures(['used', 'limit']);
export type TRequestUsage = z.infer<typeof ZRequestUsage>;

/** The dashboard's "Reviews from requests" beside the QR reviews. */
export const ZRequestSummary = z.object({
  reviewsFromRequests: z.number().int(),
  averageFromRequests: z.number().nullable(),
  qrReviews: z.number().int(),
  requestsSent: z.number().int(),
  usage: ZRequestUsage,
});
export type TRequestSummary = z.infer<typeof ZRequestSummary>;
