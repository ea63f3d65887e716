import { createHmac } from 'node:crypto';
import type { TConfig } from '@starloop/config';
import {
  CHANNEL_TEXTS,
  DLT_VARIABLE,
  type TChannelSettingsUpdate,
  type TChannelSettingsView,
  type TSmsSettings,
  type TSmsSettingsUpdate,
  type TWhatsAppSettings,
  type TWhatsAppSettingsUpdate,
} from '@starloop/contract';
import {
  findChannelSettings,
  inTransaction,
  isUniqueViolation,
  listChannelSettings,
  type TMessagingChannel,
  type TOwnerChannelSettings,
  type TOwnerPublic,
  upsertChannelSettings,
} from '@starloop/db';
import { seal, unseal } from '../../../auth/sealed-secrets.ts';
import type { TDeps } from '../../../context.ts';
import { auditByOwner, type TOwnerActor } from '../../../lib/audit.ts';
import { badRequest, conflict } from '../../../lib/errors.ts';
import type { TChannelSettings } from '../requests/channels/channel.types.ts';
import { countVariables, parseVariables } from '../requests/channels/dlt-template.rules.ts';

/**
 * An owner's WhatsApp and SMS settings (owner.channels.get / update) and the decrypted settings
 * the requests service hands to a channel (`loadChannelSettings`). Secrets are write-only: sealed
 * on the way in, never returned, never logged.
 */

const PURPOSE = 'owner-channel-secret' as const;

/**
 * Gupshup does not sign its callbacks; each owner's callback URLs carry a token derived from the
 * platform's SMS_WEBHOOK_SECRET and the owner id, so one owner's URL tells nothing of another's,
 * and nothing needs storing (rotating the secret changes every URL).
 */
export function smsWebhookToken(secret: string, ownerId: number): string {
  return createHmac('sha256', secret).update(`starloop-sms-webhook:${ownerId}`).digest('base64url');
}

export function smsWebhookUrls(
  config: TConfig,
  ownerId: number,
): { deliveryReportUrl: string; inboundUrl: string } | null {
  const secret = config.channels.sms.webhookSecret;
  if (!secret) return null;
  const base = `${config.appUrl}/api/webhooks/sms/${ownerId}/${smsWebhookToken(secret, ownerId)}`;
  return { deliveryReportUrl: `${base}/delivery`, inboundUrl: `${base}/inbound` };
}

const option = (row: TOwnerChannelSettings | undefined, key: string): string | null => {
  const value = row?.options?.[key];
  return typeof value === 'string' && value !== '' ? value : null;
};

function whatsappView(
  deps: Pick<TDeps, 'config'>,
  row: TOwnerChannelSettings | undefined,
): TWhatsAppSettings {
  const view = {
    enabled: row?.enabled ?? false,
    phoneNumberId: row?.accountId ?? null,
    templateName: option(row, 'templateName'),
    templateLanguage: option(row, 'templateLanguage'),
    accessTokenSet: Boolean(row?.sealedSecret),
    secretUpdatedAt: row?.secretUpdatedAt?.toISOString() ?? null,
  };
  const ready = Boolean(
    view.phoneNumberId && view.templateName && view.templateLanguage && view.accessTokenSet,
  );
  const caseTemplateName = option(row, 'caseTemplateName');
  return {
    ...view,
    ready,
    caseTemplateName,
    caseReady: view.enabled && ready && caseTemplateName !== null,
    webhookReady: Boolean(
      deps.config.channels.whatsapp.appSecret && deps.config.channels.whatsapp.verifyToken,
    ),
  };
}

function smsView(
  deps: Pick<TDeps, 'config'>,
  ownerId: number,
  row: TOwnerChannelSettings | undefined,
): TSmsSettings {
  const templateText = option(row, 'templateText');
  const variables = parseVariables(option(row, 'variables'));
  const view = {
    enabled: row?.enabled ?? false,
    provider: 'gupshup' as const,
    userId: row?.accountId ?? null,
    passwordSet: Boolean(row?.sealedSecret),
    secretUpdatedAt: row?.secretUpdatedAt?.toISOString() ?? null,
    principalEntityId: option(row, 'principalEntityId'),
    header: option(row, 'header'),
    dltTemplateId: option(row, 'dltTemplateId'),
    templateText,
    variables,
  };
  const urls = smsWebhookUrls(deps.config, ownerId);
  const caseDltTemplateId = option(row, 'caseDltTemplateId');
  const caseTemplateText = option(row, 'caseTemplateText');
  const credentials = Boolean(view.userId && view.passwordSet && view.principalEntityId && view.header);
  return {
    ...view,
    caseDltTemplateId,
    caseTemplateText,
    caseReady: view.enabled && credentials && caseDltTemplateId !== null && caseTemplateText !== null,
    ready: Boolean(
      view.userId &&
        view.passwordSet &&
        view.principalEntityId &&
        view.header &&
        view.dltTemplateId &&
        templateText &&
        countVariables(templateText) === variables.length &&
        variables.includes('link'),
    ),
    deliveryReportUrl: urls?.deliveryReportUrl ?? null,
    inboundUrl: urls?.inboundUrl ?? null,
  };
}

export async function getChannelSettings(
  deps: Pick<TDeps, 'db' | 'config'>,
  owner: Pick<TOwnerPublic, 'id'>,
): Promise<TChannelSettingsView> {
  const rows = await listChannelSettings(deps.db, owner.id);
  const of = (channel: TMessagingChannel) => rows.find((row) => row.channel === channel);
  return { whatsapp: whatsappView(deps, of('whatsapp')), sms: smsView(deps, owner.id, of('sms')) };
}

/** A secret field of the form: undefined keeps the sealed one, null removes it, text replaces it. */
const sealedFrom = (deps: Pick<TDeps, 'config'>, value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : seal(deps.config.tokenSecret, PURPOSE, value);

function requireFilled(fields: [string, string, unknown][]): void {
  const missing = fields.find(([, , value]) => !value);
  if (missing) throw badRequest(CHANNEL_TEXTS.incomplete(missing[1]), missing[0]);
}

async function saveWhatsApp(
  deps: Pick<TDeps, 'db' | 'config'>,
  owner: Pick<TOwnerPublic, 'id'>,
  input: TWhatsAppSettingsUpdate,
) {
  const current = await findChannelSettings(deps.db, owner.id, 'whatsapp');
  if (input.enabled) {
    const tokenAfter =
      input.accessToken === undefined ? Boolean(current?.sealedSecret) : Boolean(input.accessToken);
    requireFilled([
      ['phoneNumberId', 'the phone number ID', input.phoneNumberId],
      ['templateName', 'the template name', input.templateName],
      ['templateLanguage', 'the template language', input.templateLanguage],
      ['accessToken', 'the access token', tokenAfter],
    ]);
  }
  try {
    await upsertChannelSettings(deps.db, {
      ownerId: owner.id,
      channel: 'whatsapp',
      enabled: input.enabled,
      accountId: input.phoneNumberId,
      options: {
        templateName: input.templateName,
        templateLanguage: input.templateLanguage,
        caseTemplateName: input.caseTemplateName,
      },
      sealedSecret: sealedFrom(deps, input.accessToken),
    });
  } catch (error) {
    if (isUniqueViolation(error, 'owner_channel_settings_whatsapp_account_idx')) {
      throw conflict(CHANNEL_TEXTS.phoneNumberTaken, 'phoneNumberId');
    }
    throw error;
  }
}

async function saveSms(
  deps: Pick<TDeps, 'db' | 'config'>,
  owner: Pick<TOwnerPublic, 'id'>,
  input: TSmsSettingsUpdate,
) {
  const current = await findChannelSettings(deps.db, owner.id, 'sms');
  const variables = input.variables ?? [];
  if (input.templateText && variables.length > 0) {
    if (countVariables(input.templateText) !== variables.length) {
      throw badRequest(CHANNEL_TEXTS.variablesMismatch, 'variables');
    }
    if (!variables.includes('link')) throw badRequest(CHANNEL_TEXTS.variablesNeedLink, 'variables');
  }
  if (input.caseTemplateText && !input.caseDltTemplateId) {
    throw badRequest(CHANNEL_TEXTS.caseTemplateIdNeeded, 'caseDltTemplateId');
  }
  if (input.enabled) {
    const passwordAfter =
      input.password === undefined ? Boolean(current?.sealedSecret) : Boolean(input.password);
    requireFilled([
      ['userId', 'the Gupshup user ID', input.userId],
      ['password', 'the Gupshup password', passwordAfter],
      ['principalEntityId', 'the DLT principal entity ID', input.principalEntityId],
      ['header', 'the sender ID (header)', input.header],
      ['dltTemplateId', 'the DLT template ID', input.dltTemplateId],
      ['templateText', `the template text with ${DLT_VARIABLE}`, input.templateText],
      ['variables', 'what fills each variable', variables.length > 0],
    ]);
  }
  await upsertChannelSettings(deps.db, {
    ownerId: owner.id,
    channel: 'sms',
    enabled: input.enabled,
    accountId: input.userId,
    options: {
      principalEntityId: input.principalEntityId,
      header: input.header,
      dltTemplateId: input.dltTemplateId,
      templateText: input.templateText,
      variables: variables.join(','),
      caseDltTemplateId: input.caseDltTemplateId,
      caseTemplateText: input.caseTemplateText,
    },
    sealedSecret: sealedFrom(deps, input.password),
  });
}

/** Saves one channel's settings for `owner` (its id, and the request's address for the audit entry). */
export async function updateChannelSettings(
  deps: Pick<TDeps, 'db' | 'config' | 'log'>,
  owner: TOwnerActor,
  input: TChannelSettingsUpdate,
): Promise<TChannelSettingsView> {
  // Whether the credentials changed, never their values (the secret least of all).
  const secret = input.channel === 'whatsapp' ? input.accessToken : input.password;
  const details = {
    channel: input.channel,
    enabled: input.enabled,
    secret: secret === null ? 'removed' : secret ? 'replaced' : 'kept',
  };
  await inTransaction(deps.db, async (trx) => {
    const scoped = { ...deps, db: trx };
    if (input.channel === 'whatsapp') await saveWhatsApp(scoped, owner, input);
    else await saveSms(scoped, owner, input);
    await auditByOwner(trx, owner, {
      action: 'channels.update',
      targetTable: 'owners',
      targetId: owner.id,
      details,
    });
  });
  deps.log.info({ ownerId: owner.id, ...details }, 'channel settings saved');
  return getChannelSettings(deps, owner);
}

/**
 * The settings a channel adapter sends with (secret opened), or undefined when the owner has not
 * turned the channel on or its secret cannot be opened (TOKEN_SECRET rotated: the owner enters it
 * again). Called by the requests service for every send.
 */
export async function loadChannelSettings(
  deps: Pick<TDeps, 'db' | 'config'>,
  ownerId: number,
  channel: TMessagingChannel,
): Promise<TChannelSettings | undefined> {
  const row = await findChannelSettings(deps.db, ownerId, channel);
  if (!row?.enabled || !row.sealedSecret) return undefined;
  const secret = unseal(deps.config.tokenSecret, PURPOSE, row.sealedSecret);
  if (!secret) return undefined;
  const options = Object.fromEntries(
    Object.entries(row.options ?? {}).map(([key, value]) => [key, typeof value === 'string' ? value : null]),
  );
  return channel === 'whatsapp'
    ? { ...options, phoneNumberId: row.accountId, accessToken: secret }
    : { ...options, userId: row.accountId, password: secret };
}
