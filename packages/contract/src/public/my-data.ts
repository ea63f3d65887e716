import { z } from 'zod';

/**
 * The public "my data" page (issue 35 item 3): a customer proves a phone or an email with a
 * one-time code, sees which StarLoop businesses hold data about it, and asks them to show or erase
 * it, or withdraws consent to every further message.
 */
export const MY_DATA_TEXTS = {
  identifierInvalid: 'Enter a mobile number or an email address',
  codeInvalid: 'Enter the 6-digit code',
  codeSent:
    'If this number or address can receive messages, a 6-digit code is on its way. It works for 10 minutes.',
  codeWrong: 'This code is not right, or it has expired. Ask for a new one.',
  phoneUnavailable: 'Codes by SMS are not available at the moment. Use your email address instead.',
  sessionExpired: 'Your session has ended. Ask for a new code.',
  businessesInvalid: 'Choose at least one business',
  requested: (count: number, kind: 'access' | 'erasure') =>
    kind === 'erasure'
      ? `Your request to erase your data went to ${count} business${count === 1 ? '' : 'es'}. It is done within 30 days.`
      : `Your request to see your data went to ${count} business${count === 1 ? '' : 'es'}. They answer within 30 days.`,
  withdrawn: (count: number) =>
    `Consent withdrawn. ${count} business${count === 1 ? '' : 'es'} will send you no further messages.`,
} as const;

/** Days a business has to answer a request before StarLoop completes it (docs/decisions.md). */
export const DATA_REQUEST_DUE_DAYS = 30;
export const DATA_REQUEST_KINDS = ['access', 'erasure'] as const;
export type TDataRequestKind = (typeof DATA_REQUEST_KINDS)[number];

const ZIdentifier = z
  .string({ message: MY_DATA_TEXTS.identifierInvalid })
  .trim()
  .min(3, MY_DATA_TEXTS.identifierInvalid)
  .max(254, MY_DATA_TEXTS.identifierInvalid);

export const ZMyDataCodeRequest = z.object({ identifier: ZIdentifier });
export type TMyDataCodeRequest = z.infer<typeof ZMyDataCodeRequest>;

export const ZMyDataCodeResult = z.object({ success: z.literal(true), message: z.string() });
export type TMyDataCodeResult = z.infer<typeof ZMyDataCodeResult>;

export const ZMyDataVerify = z.object({
  identifier: ZIdentifier,
  code: z
    .string({ message: MY_DATA_TEXTS.codeInvalid })
    .trim()
    .regex(/^\d{6}$/, MY_DATA_TEXTS.codeInvalid),
});
export type TMyDataVerify = z.infer<typeof ZMyDataVerify>;

export const ZDataHeld = z.object({
  contacts: z.number().int(),
  reviewContacts: z.number().int(),
  reviews: z.number().int(),
  requests: z.number().int(),
  caseMessages: z.number().int(),
});
export type TDataHeld = z.infer<typeof ZDataHeld>;

export const ZMyDataBusiness = z.object({
  businessId: z.number().int(),
  businessName: z.string(),
  held: ZDataHeld,
});
export type TMyDataBusiness = z.infer<typeof ZMyDataBusiness>;

export const ZMyDataView = z.object({
  success: z.literal(true),
  /** Proves the code for 30 minutes: send it back with requests. */
  token: z.string(),
  expiresAt: z.string(),
  identifier: z.string(),
  businesses: z.array(ZMyDataBusiness),
});
export type TMyDataView = z.infer<typeof ZMyDataView>;

const ZToken = z
  .string({ message: MY_DATA_TEXTS.sessionExpired })
  .trim()
  .min(1, MY_DATA_TEXTS.sessionExpired)
  .max(500, MY_DATA_TEXTS.sessionExpired);

export const ZMyDataRequestCreate = z.object({
  token: ZToken,
  kind: z.enum(DATA_REQUEST_KINDS),
  /** The businesses to ask; absent: every business listed. */
  businessIds: z
    .array(z.number().int().positive())
    .min(1, MY_DATA_TEXTS.businessesInvalid)
    .max(200)
    .optional(),
});
export type TMyDataRequestCreate = z.infer<typeof ZMyDataRequestCreate>;

export const ZMyDataRequestResult = z.object({
  success: z.literal(true),
  message: z.string(),
  requests: z.array(
    z.object({
      businessId: z.number().int(),
      businessName: z.string(),
      kind: z.enum(DATA_REQUEST_KINDS),
      dueAt: z.string(),
    }),
  ),
});
export type TMyDataRequestResult = z.infer<typeof ZMyDataRequestResult>;

export const ZMyDataWithdraw = z.object({ token: ZToken });
export type TMyDataWithdraw = z.infer<typeof ZMyDataWithdraw>;

export const ZMyDataWithdrawResult = z.object({ success: z.literal(true), message: z.string() });
