import type { TDeps } from '../../context.ts';
import { loadChannelSettings } from '../owner/channels/channel-settings.service.ts';

/**
 * Who sends a case reply by WhatsApp or SMS (issue 33 items 4 and 5): the business's own account
 * when it set one up with a case reply template, else StarLoop's platform sender. Own senders cost
 * nothing of the branch's platform quota.
 */

export interface TCaseWhatsAppSender {
  via: 'own' | 'platform';
  phoneNumberId: string;
  accessToken: string;
  template: string;
  /** The template's language: the business registers one; StarLoop's number has each page language. */
  language: string | null;
}

export interface TCaseSmsSender {
  via: 'own' | 'platform';
  userId: string;
  password: string;
  principalEntityId: string;
  header: string;
  templateId: string;
  templateText: string;
}

export interface TCaseSenders {
  whatsapp: TCaseWhatsAppSender | undefined;
  sms: TCaseSmsSender | undefined;
}

async function ownWhatsApp(
  deps: Pick<TDeps, 'db' | 'config'>,
  ownerId: number,
): Promise<TCaseWhatsAppSender | undefined> {
  const own = await loadChannelSettings(deps, ownerId, 'whatsapp');
  if (!own?.phoneNumberId || !own.accessToken || !own.caseTemplateName || !own.templateLanguage)
    return undefined;
  return {
    via: 'own',
    phoneNumberId: own.phoneNumberId,
    accessToken: own.accessToken,
    template: own.caseTemplateName,
    language: own.templateLanguage,
  };
}

async function ownSms(
  deps: Pick<TDeps, 'db' | 'config'>,
  ownerId: number,
): Promise<TCaseSmsSender | undefined> {
  const own = await loadChannelSettings(deps, ownerId, 'sms');
  if (
    !own?.userId ||
    !own.password ||
    !own.principalEntityId ||
    !own.header ||
    !own.caseDltTemplateId ||
    !own.caseTemplateText
  ) {
    return undefined;
  }
  return {
    via: 'own',
    userId: own.userId,
    password: own.password,
    principalEntityId: own.principalEntityId,
    header: own.header,
    templateId: own.caseDltTemplateId,
    templateText: own.caseTemplateText,
  };
}

export async function caseSenders(
  deps: Pick<TDeps, 'db' | 'config'>,
  ownerId: number,
): Promise<TCaseSenders> {
  const [whatsapp, sms] = await Promise.all([ownWhatsApp(deps, ownerId), ownSms(deps, ownerId)]);
  const operator = deps.config.operatorWhatsApp;
  const caseTemplate = deps.config.platform.whatsapp.caseTemplate;
  const platformSms = deps.config.platform.sms;
  return {
    whatsapp:
      whatsapp ??
      (operator && caseTemplate
        ? {
            via: 'platform',
            phoneNumberId: operator.phoneNumberId,
            accessToken: operator.accessToken,
            template: caseTemplate,
            language: null,
          }
        : undefined),
    sms:
      sms ??
      (platformSms
        ? {
            via: 'platform',
            userId: platformSms.userId,
            password: platformSms.password,
            principalEntityId: platformSms.principalEntityId,
            header: platformSms.header,
            templateId: platformSms.caseTemplateId,
            templateText: platformSms.caseTemplateText,
          }
        : undefined),
  };
}
