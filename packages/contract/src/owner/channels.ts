import { z } from 'zod';
import { ZIsoDate } from '../dto.ts';
import { cappedText } from '../schema-helpers.ts';

/**
 * Review-request channels an owner sets up (owner.channels): WhatsApp Business Cloud API and an
 * Indian DLT SMS gateway. Secrets (access token, gateway password) are write-only: the answers say
 * only whether one is saved.
 */

/** What fills each `{#var#}` of a DLT template, in order. */
export const SMS_TEMPLATE_VARIABLES = ['customerName', 'businessName', 'link'] as const;
export type TSmsTemplateVariable = (typeof SMS_TEMPLATE_VARIABLES)[number];
/** The DLT placeholder, as registered on every operator's portal. */
export const DLT_VARIABLE = '{#var#}';
/** The operators' DLT scrubbing takes at most 30 characters per variable. */
export const DLT_VARIABLE_MAX = 30;
export const SMS_TEMPLATE_MAX = 1000;

export const CHANNEL_TEXTS = {
  saved: 'Channel settings saved',
  phoneNumberIdInvalid: 'Enter the phone number ID from WhatsApp Manager (digits only)',
  templateNameInvalid: 'Template names use lower-case letters, digits and underscores',
  templateLanguageInvalid: 'Enter the template language code, such as en, en_US or hi',
  accessTokenInvalid: 'Paste the whole access token (no spaces)',
  userIdInvalid: 'Enter the Gupshup account user ID (digits only)',
  passwordInvalid: 'Enter the Gupshup account password',
  entityIdInvalid: 'Enter the DLT principal entity ID (digits only)',
  headerInvalid: 'Enter the 6-character sender ID (header) registered on DLT',
  dltTemplateIdInvalid: 'Enter the DLT content template ID (digits only)',
  templateTextInvalid: `Paste the template text exactly as registered on DLT, with ${DLT_VARIABLE} for each variable`,
  variablesMismatch: `Choose what fills each ${DLT_VARIABLE} of the template, in order`,
  variablesNeedLink: 'One variable must be the review link',
  incomplete: (what: string) => `Fill in ${what} before turning this channel on`,
  phoneNumberTaken: 'This WhatsApp phone number is already connected to another StarLoop account',
  caseTemplateTextInvalid: `Paste the case reply template exactly as registered on DLT, with at least two ${DLT_VARIABLE}: the business name, then the reply`,
  caseTemplateIdNeeded: 'Enter the DLT template ID of the case reply template too',
} as const;

const digits = (min: number, max: number, message: string) =>
  cappedText(64, message)
    .trim()
    .regex(new RegExp(`^\\d{${min},${max}}$`), message);

/** Empty is "not set yet" (null); a channel may be saved half-filled while it is off. */
const nullable = <T extends z.ZodType<string>>(schema: T) =>
  z
    .union([z.literal(''), schema])
    .nullable()
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : (v as string)));

/** A write-only secret: left out keeps the saved one, '' keeps it too, null removes it. */
const writeOnly = (max: number, message: string) =>
  z
    .union([cappedText(max, message).trim().regex(/^\S*$/, message), z.null()])
    .optional()
    .transform((v) => (v === '' ? undefined : v));

export const ZWhatsAppSettingsUpdate = z.object({
  channel: z.literal('whatsapp'),
  enabled: z.boolean(),
  phoneNumberId: nullable(digits(5, 30, CHANNEL_TEXTS.phoneNumberIdInvalid)),
  templateName: nullable(
    cappedText(512, CHANNEL_TEXTS.templateNameInvalid)
      .trim()
      .regex(/^[a-z0-9_]{1,512}$/, CHANNEL_TEXTS.templateNameInvalid),
  ),
  templateLanguage: nullable(
    cappedText(16, CHANNEL_TEXTS.templateLanguageInvalid)
      .trim()
      .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, CHANNEL_TEXTS.templateLanguageInvalid),
  ),
  accessToken: writeOnly(2048, CHANNEL_TEXTS.accessTokenInvalid),
  /**
   * The business's own approved template for replies to a case's customer (issue 33 item 4): two
   * body variables, the business name and the reply. Without it case replies go from StarLoop's number.
   */
  caseTemplateName: nullable(
    cappedText(512, CHANNEL_TEXTS.templateNameInvalid)
      .trim()
      .regex(/^[a-z0-9_]{1,512}$/, CHANNEL_TEXTS.templateNameInvalid),
  ),
});
export type TWhatsAppSettingsUpdate = z.infer<typeof ZWhatsAppSettingsUpdate>;

export const ZSmsSettingsUpdate = z.object({
  channel: z.literal('sms'),
  enabled: z.boolean(),
  userId: nullable(digits(4, 20, CHANNEL_TEXTS.userIdInvalid)),
  password: writeOnly(128, CHANNEL_TEXTS.passwordInvalid),
  principalEntityId: nullable(digits(10, 25, CHANNEL_TEXTS.entityIdInvalid)),
  header: nullable(
    cappedText(16, CHANNEL_TEXTS.headerInvalid)
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{6}$/, CHANNEL_TEXTS.headerInvalid),
  ),
  dltTemplateId: nullable(digits(10, 25, CHANNEL_TEXTS.dltTemplateIdInvalid)),
  templateText: nullable(
    cappedText(SMS_TEMPLATE_MAX, CHANNEL_TEXTS.templateTextInvalid)
      .trim()
      .refine((v) => v.includes(DLT_VARIABLE), CHANNEL_TEXTS.templateTextInvalid),
  ),
  variables: z.array(z.enum(SMS_TEMPLATE_VARIABLES)).max(10, CHANNEL_TEXTS.variablesMismatch).optional(),
  /**
   * The business's own DLT template for replies to a case's customer: its first variable is the
   * business name, the others carry the reply, 30 characters each. Without it case replies go from
   * StarLoop's sender.
   */
  caseDltTemplateId: nullable(digits(10, 25, CHANNEL_TEXTS.dltTemplateIdInvalid)),
  caseTemplateText: nullable(
    cappedText(SMS_TEMPLATE_MAX, CHANNEL_TEXTS.caseTemplateTextInvalid)
      .trim()
      .refine((v) => v.split(DLT_VARIABLE).length - 1 >= 2, CHANNEL_TEXTS.caseTemplateTextInvalid),
  ),
});
export type TSmsSettingsUpdate = z.infer<typeof ZSmsSettingsUpdate>;

export const ZChannelSettingsUpdate = z.discriminatedUnion('channel', [
  ZWhatsAppSettingsUpdate,
  ZSmsSettingsUpdate,
]);
export type TChannelSettingsUpdate = z.infer<typeof ZChannelSettingsUpdate>;

export const ZWhatsAppSettings = z.object({
  enabled: z.boolean(),
  phoneNumberId: z.string().nullable(),
  templateName: z.string().nullable(),
  templateLanguage: z.string().nullable(),
  /** Whether an access token is saved (it is never sent back). */
  accessTokenSet: z.boolean(),
  secretUpdatedAt: ZIsoDate.nullable(),
  /** Everything a send needs is filled in. */
  ready: z.boolean(),
  caseTemplateName: z.string().nullable(),
  /** Replies to a case's customer go from this number (on, ready, and a case template named). */
  caseReady: z.boolean(),
  /** This server can receive WhatsApp statuses and STOP replies (its Meta app secret is set). */
  webhookReady: z.boolean(),
});
export type TWhatsAppSettings = z.infer<typeof ZWhatsAppSettings>;

export const ZSmsSettings = z.object({
  enabled: z.boolean(),
  provider: z.literal('gupshup'),
  userId: z.string().nullable(),
  passwordSet: z.boolean(),
  secretUpdatedAt: ZIsoDate.nullable(),
  principalEntityId: z.string().nullable(),
  header: z.string().nullable(),
  dltTemplateId: z.string().nullable(),
  templateText: z.string().nullable(),
  variables: z.array(z.enum(SMS_TEMPLATE_VARIABLES)),
  ready: z.boolean(),
  caseDltTemplateId: z.string().nullable(),
  caseTemplateText: z.string().nullable(),
  /** Replies to a case's customer go from this sender (on, ready, and a case template given). */
  caseReady: z.boolean(),
  /** The owner's own URLs to paste into the gateway (null until the server has SMS_WEBHOOK_SECRET). */
  deliveryReportUrl: z.string().nullable(),
  inboundUrl: z.string().nullable(),
});
export type TSmsSettings = z.infer<typeof ZSmsSettings>;

export const ZChannelSettings = z.object({ whatsapp: ZWhatsAppSettings, sms: ZSmsSettings });
export type TChannelSettingsView = z.infer<typeof ZChannelSettings>;
