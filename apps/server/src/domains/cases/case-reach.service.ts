import {
  CASE_TEXTS,
  istMonth,
  planOf,
  type TCaseContact,
  type TCaseDetail,
  type TCaseMessageChannel,
  type TCaseReach,
} from '@starloop/contract';
import {
  caseInvitationSent,
  contactOptedOut,
  findOwnerById,
  findReviewContact,
  isEmailSuppressed,
  platformMessagesUsed,
  type TCaseRow,
  type TOwnerPublic,
  type TReviewContact,
} from '@starloop/db';
import type { TDeps } from '../../context.ts';
import { platformQuotaText } from '../owner/channels/platform-quota.service.ts';
import { caseSenders } from './case-senders.ts';

/**
 * Who a case's customer can be written to on, and why not (issue 33 items 4 and 5): only a customer
 * who left a contact and ticked the consent line, and has not taken it back (STOP, unsubscribe, or
 * the business's own opt-out list), through the business's own WhatsApp or SMS account when it
 * named a case reply template there, else StarLoop's platform senders (the operator's WhatsApp
 * number, its DLT SMS sender, the mailer); platform WhatsApp and SMS within the branch's monthly quota.
 */

const CHANNEL_ORDER: readonly TCaseMessageChannel[] = ['whatsapp', 'sms', 'email'];

export const REACH_TEXTS = {
  noPhone: 'The customer left no mobile number: reply by email, or add a note and call them.',
  noEmail: 'The customer left no email: reply by WhatsApp or SMS.',
  whatsappNotSetUp:
    "StarLoop's WhatsApp number is not available on this server, and this business has no case reply template on its own WhatsApp number (Settings, Channels): reply by email or SMS meanwhile.",
  smsNotSetUp:
    "StarLoop's SMS sender is not available on this server, and this business has no case reply template on its own SMS sender (Settings, Channels): reply by WhatsApp or email meanwhile.",
  quotaUsed: (quota: number, month: string) => platformQuotaText(quota, month, 'reply by email'),
} as const;

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

export function toCaseContact(contact: TReviewContact | undefined): TCaseContact | null {
  if (!contact) return null;
  return {
    phone: contact.phoneE164,
    email: contact.email,
    consent: contact.consent,
    consentAt: iso(contact.consentAt),
    language: contact.language,
    withdrawnAt: iso(contact.withdrawnAt),
  };
}

/** Why nobody may be written to at all (no contact, no consent, consent taken back), else null. */
async function refusalFor(
  deps: Pick<TDeps, 'db'>,
  ownerId: number,
  contact: TReviewContact | undefined,
): Promise<string | null> {
  if (!contact) return CASE_TEXTS.noContact;
  if (!contact.consent) return CASE_TEXTS.noConsent;
  if (contact.withdrawnAt) return CASE_TEXTS.consentWithdrawn;
  if (await contactOptedOut(deps.db, { ownerId, phoneE164: contact.phoneE164, email: contact.email })) {
    return CASE_TEXTS.consentWithdrawn;
  }
  return null;
}

/** Whether each channel can carry a message to this customer now, and if not, why and how to fix it. */
export async function caseReach(
  deps: Pick<TDeps, 'db' | 'config' | 'now'>,
  owner: Pick<TOwnerPublic, 'id' | 'plan'>,
  contact: TReviewContact | undefined,
): Promise<TCaseReach[]> {
  const refused = await refusalFor(deps, Number(owner.id), contact);
  if (refused || !contact) {
    return CHANNEL_ORDER.map((channel) => ({ channel, available: false, via: null, reason: refused }));
  }
  const quota = planOf(owner.plan).platformMessagesPerMonth;
  const month = istMonth(deps.now());
  const senders = await caseSenders(deps, Number(owner.id));
  const quotaLeft = (await platformMessagesUsed(deps.db, Number(owner.id), month)) < quota;
  const phoneReason = (sender: { via: 'own' | 'platform' } | undefined, notSetUp: string) =>
    !contact.phoneE164
      ? REACH_TEXTS.noPhone
      : !sender
        ? notSetUp
        : sender.via === 'platform' && !quotaLeft
          ? REACH_TEXTS.quotaUsed(quota, month)
          : null;
  const reasons: Record<TCaseMessageChannel, string | null> = {
    whatsapp: phoneReason(senders.whatsapp, REACH_TEXTS.whatsappNotSetUp),
    sms: phoneReason(senders.sms, REACH_TEXTS.smsNotSetUp),
    email: !contact.email
      ? REACH_TEXTS.noEmail
      : (await isEmailSuppressed(deps.db, contact.email))
        ? CASE_TEXTS.consentWithdrawn
        : null,
  };
  const via: Record<TCaseMessageChannel, 'own' | 'platform'> = {
    whatsapp: senders.whatsapp?.via ?? 'platform',
    sms: senders.sms?.via ?? 'platform',
    email: 'platform',
  };
  return CHANNEL_ORDER.map((channel) => ({
    channel,
    available: reasons[channel] === null,
    via: reasons[channel] === null ? via[channel] : null,
    reason: reasons[channel],
  }));
}

/** The contact, reach and invitation state a case's answer carries. */
export async function caseContactDetail(
  deps: Pick<TDeps, 'db' | 'config' | 'now'>,
  row: TCaseRow,
): Promise<Pick<TCaseDetail, 'contact' | 'reach' | 'invitationSent'>> {
  const reviewId = row.reviewId === null ? null : Number(row.reviewId);
  const [contact, owner, invitationSent] = await Promise.all([
    reviewId === null ? undefined : findReviewContact(deps.db, reviewId),
    findOwnerById(deps.db, Number(row.ownerId)),
    caseInvitationSent(deps.db, Number(row.id)),
  ]);
  return {
    contact: toCaseContact(contact),
    reach: owner
      ? await caseReach(deps, owner, contact)
      : CHANNEL_ORDER.map((channel) => ({
          channel,
          available: false,
          via: null,
          reason: CASE_TEXTS.noContact,
        })),
    invitationSent,
  };
}
