import { randomBytes } from 'node:crypto';
import {
  CASE_SMS_MAX,
  CASE_TEXTS,
  istMonth,
  planOf,
  type TCaseDetail,
  type TCaseMessage,
  type TCaseMessageChannel,
} from '@starloop/contract';
import {
  caseInvitationSent,
  claimCaseMessage,
  findCaseMessage,
  findCaseMessageByReplyToken,
  findLatestMessageTo,
  findOwnerById,
  findReviewContact,
  giveBackPlatformMessage,
  insertCaseEvents,
  insertCaseMessage,
  inTransaction,
  lockCase,
  type TCaseMessageRow,
  type TDb,
  type TOwnerPublic,
  takePlatformMessage,
  updateCase,
  updateCaseMessage,
  withdrawReviewContacts,
} from '@starloop/db';
import { fallbackReviewUrl } from '@starloop/review-page';
import type { TAccountSession } from '../../auth/authenticate.ts';
import type { TDeps } from '../../context.ts';
import { QUEUES } from '../../jobs/queue.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { variableValue } from '../owner/requests/channels/dlt-template.rules.ts';
import { postToProvider } from '../owner/requests/channels/phone.channel.ts';
import type { TProviderOutcome } from '../owner/requests/channels/send-attempts.service.ts';
import { gupshupOutcome } from '../owner/requests/channels/sms.channel.ts';
import {
  sendWhatsAppTemplate,
  templateParameter,
  whatsappTemplateBody,
} from '../owner/requests/channels/whatsapp.channel.ts';
import { unsubscribeUrl } from '../public/unsubscribe/unsubscribe.service.ts';
import { asksForReviewChange, caseTextLanguage, invitationText } from './case-message-texts.ts';
import { caseReach, REACH_TEXTS } from './case-reach.service.ts';
import { caseSenders } from './case-senders.ts';
import { getCase, visibleCase } from './cases.service.ts';

/**
 * Messages to a case's customer and their answers (issue 33 items 4 and 5). A message goes only to
 * a customer who left a contact and ticked the consent line, and has not taken it back (STOP,
 * unsubscribe, or a business's own opt-out list); WhatsApp and SMS go from the business's own
 * account when it named a case reply template there (case-senders.ts), else through StarLoop's
 * platform senders: the operator's WhatsApp number (an approved template per page language) and its
 * DLT-registered SMS sender, counted against the branch's monthly platform quota (the plan's
 * platformMessagesPerMonth); email goes through the mailer (with a reply address that threads the
 * answer back).
 * Recorded and queued in one transaction; the case-message job sends it.
 */

type TMessageDeps = Pick<TDeps, 'db' | 'now' | 'config' | 'jobs' | 'log' | 'mailer'>;

/** An answer threads to the case of the latest message sent to that number or address within this. */
export const ANSWER_WINDOW_DAYS = 30;
/** Characters a DLT variable holds. */
const DLT_VARIABLE_MAX = 30;

/** The most reply text an SMS can carry: the case template's text variables, 30 characters each. */
export function smsCapacity(templateText: string | undefined): number {
  if (!templateText) return CASE_SMS_MAX;
  const variables = templateText.split('{#var#}').length - 1;
  return Math.min(CASE_SMS_MAX, Math.max(0, variables - 1) * DLT_VARIABLE_MAX);
}

/**
 * POST /api/v1/cases/{id}/messages: checks who may be written to and how, writes the message, its
 * timeline line and the job in one transaction (taking one platform message for WhatsApp and SMS),
 * and answers the case. Sending a reply is a first response and starts work on a new case.
 */
export async function sendCaseMessage(
  deps: TMessageDeps,
  session: TAccountSession,
  input: TCaseMessage,
): Promise<TCaseDetail> {
  const row = await visibleCase(deps.db, session, input.id);
  const ownerId = Number(row.ownerId);
  const owner = await findOwnerById(deps.db, ownerId);
  const contact = row.reviewId === null ? undefined : await findReviewContact(deps.db, Number(row.reviewId));
  if (!owner) throw conflict(CASE_TEXTS.noContact, 'channel');
  const reach = (await caseReach(deps, owner, contact)).find((r) => r.channel === input.channel);
  if (!contact || !reach?.available) throw conflict(reach?.reason ?? CASE_TEXTS.noContact, 'channel');

  const language = caseTextLanguage(contact.language);
  let text = input.text;
  if (input.kind === 'invitation') {
    if (row.status !== 'resolved') throw conflict(CASE_TEXTS.invitationNotResolved, 'kind');
    if (await caseInvitationSent(deps.db, Number(row.id))) throw conflict(CASE_TEXTS.invitationSent, 'kind');
    text = invitationText(
      language,
      owner.businessName,
      owner.reviewLink ?? fallbackReviewUrl(owner.businessName),
    );
  } else {
    if (text === '') throw badRequest(CASE_TEXTS.messageRequired, 'text');
    if (asksForReviewChange(text)) throw badRequest(CASE_TEXTS.incentiveRefused, 'text');
    if (input.channel === 'sms') {
      const sender = (await caseSenders(deps, ownerId)).sms;
      if ([...text].length > smsCapacity(sender?.templateText))
        throw badRequest(CASE_TEXTS.smsTooLong, 'text');
    }
  }
  const via = reach.via ?? 'platform';
  const recipient = input.channel === 'email' ? contact.email! : contact.phoneE164!;
  const actorPersonId = session.person ? Number(session.person.id) : null;
  const quota = planOf(owner.plan).platformMessagesPerMonth;

  await inTransaction(deps.db, async (trx) => {
    const current = await lockCase(trx, input.id);
    if (!current) throw conflict(CASE_TEXTS.notFound);
    const now = deps.now();
    if (input.channel !== 'email' && via === 'platform') {
      const month = istMonth(now);
      if (!(await takePlatformMessage(trx, { ownerId, month, quota }))) {
        throw conflict(REACH_TEXTS.quotaUsed(quota, month), 'channel');
      }
    }
    const message = await insertCaseMessage(trx, {
      caseId: input.id,
      ownerId,
      direction: 'out',
      kind: input.kind,
      channel: input.channel,
      via,
      recipient,
      text,
      language,
      status: 'queued',
      replyToken: input.channel === 'email' ? randomBytes(12).toString('hex') : null,
      sentByPersonId: actorPersonId,
      createdAt: now,
    });
    const events: Parameters<typeof insertCaseEvents>[1][number][] = [];
    if (current.status === 'new' && input.kind === 'reply') {
      events.push({
        caseId: input.id,
        kind: 'status',
        actorPersonId,
        data: { from: 'new', to: 'in_progress' },
        createdAt: now,
      });
    }
    events.push({
      caseId: input.id,
      kind: 'message_out',
      actorPersonId,
      data: { text, channel: input.channel, messageKind: input.kind, messageId: Number(message.id) },
      createdAt: now,
    });
    await insertCaseEvents(trx, events);
    await updateCase(trx, input.id, {
      updatedAt: now,
      ...(current.status === 'new' && input.kind === 'reply' ? { status: 'in_progress' as const } : {}),
      ...(current.firstResponseAt === null ? { firstResponseAt: now } : {}),
    });
    await deps.jobs.send(QUEUES.caseMessage, { messageId: Number(message.id) }, { trx });
  });
  return getCase(deps, session, input.id);
}

/** How many times the job tries a message before it is marked failed. */
export const CASE_MESSAGE_RETRIES = 5;

/** Sends one queued message (the case-message job). A retryable refusal throws, so pg-boss retries. */
export async function runCaseMessageJob(
  deps: TMessageDeps,
  data: { messageId: number },
  job: { retryCount: number } = { retryCount: 0 },
): Promise<string> {
  const message = await findCaseMessage(deps.db, Number(data.messageId));
  if (message?.direction !== 'out' || message.status !== 'queued') return 'skipped';
  const owner = await findOwnerById(deps.db, Number(message.ownerId));
  if (!owner) return 'skipped';
  if (!(await claimCaseMessage(deps.db, Number(message.id), deps.now()))) return 'skipped';
  const outcome = await deliver(deps, owner, message);
  const at = deps.now();
  if (outcome.kind === 'accepted') {
    await updateCaseMessage(deps.db, Number(message.id), {
      status: 'sent',
      providerMessageId: outcome.providerMessageId,
      at,
    });
    return 'sent';
  }
  if (outcome.kind === 'in-doubt') {
    // The provider may have taken it: never sent again; its status webhook may still settle it.
    await updateCaseMessage(deps.db, Number(message.id), {
      status: 'sent',
      error: outcome.error,
      at,
    });
    return 'in-doubt';
  }
  if (outcome.retry && job.retryCount < CASE_MESSAGE_RETRIES) {
    await updateCaseMessage(deps.db, Number(message.id), { status: 'queued', error: outcome.error, at });
    throw new Error(`case message ${message.id}: ${outcome.error}`);
  }
  await inTransaction(deps.db, async (trx) => {
    await updateCaseMessage(trx, Number(message.id), {
      status: 'failed',
      error: outcome.error,
      at,
    });
    // Nothing went out: the platform message is given back.
    if (message.channel !== 'email' && message.via !== 'own') {
      await giveBackPlatformMessage(trx, {
        ownerId: Number(message.ownerId),
        month: istMonth(message.createdAt),
      });
    }
  });
  deps.log.warn(
    { messageId: message.id, channel: message.channel, error: outcome.error },
    'case message failed',
  );
  return 'failed';
}

type TOutcome = TProviderOutcome | { kind: 'refused'; retry: boolean; error: string };

async function deliver(deps: TMessageDeps, owner: TOwnerPublic, message: TCaseMessageRow): Promise<TOutcome> {
  const senders = message.channel === 'email' ? undefined : await caseSenders(deps, Number(message.ownerId));
  if (message.channel === 'whatsapp') {
    const sender = senders?.whatsapp;
    // The sender it was queued for is gone (the owner turned their number off, or StarLoop's is not set up).
    if (!sender || sender.via !== (message.via ?? 'platform')) {
      return { kind: 'refused', retry: false, error: REACH_TEXTS.whatsappNotSetUp };
    }
    return sendWhatsAppTemplate(
      deps,
      sender,
      whatsappTemplateBody({
        phoneE164: message.recipient,
        template: sender.template,
        language: sender.language ?? message.language,
        parameters: [templateParameter(owner.businessName, 60), templateParameter(message.text, 1000)],
        callbackData: `case-message:${message.id}`,
      }),
    );
  }
  if (message.channel === 'sms') {
    const sms = senders?.sms;
    if (!sms || sms.via !== (message.via ?? 'platform')) {
      return { kind: 'refused', retry: false, error: REACH_TEXTS.smsNotSetUp };
    }
    const rendered = renderCaseSms(sms.templateText, owner.businessName, message.text);
    if (!rendered.ok) return { kind: 'refused', retry: false, error: rendered.error };
    const form = new URLSearchParams({
      method: 'SendMessage',
      send_to: message.recipient.replace(/^\+/, ''),
      msg: rendered.text,
      msg_type: rendered.unicode ? 'Unicode_text' : 'TEXT',
      userid: sms.userId,
      auth_scheme: 'plain',
      password: sms.password,
      v: '1.1',
      format: 'json',
      mask: sms.header,
      principalEntityId: sms.principalEntityId,
      dltTemplateId: sms.templateId,
    });
    return postToProvider(
      deps,
      'Gupshup',
      {
        url: deps.config.channels.sms.apiBase,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      },
      gupshupOutcome,
    );
  }
  const domain = deps.config.platform.replyEmailDomain;
  const unsubscribe = unsubscribeUrl(deps, message.recipient);
  const result = await deps.mailer.queue({
    to: message.recipient,
    subject: `${owner.businessName} replied to your feedback`,
    text: [
      message.text,
      '',
      owner.businessName,
      '',
      '--',
      domain
        ? `Reply to this email to answer ${owner.businessName}.`
        : `You left this address with your feedback to ${owner.businessName}.`,
      `To stop these emails: ${unsubscribe}`,
    ].join('\n'),
    headers: {
      ...(domain && message.replyToken ? { 'Reply-To': `case+${message.replyToken}@${domain}` } : {}),
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    category: 'case-message',
    idempotencyKey: `case-message:${message.id}`,
  });
  if (result.status === 'suppressed' || result.id === null) {
    return { kind: 'refused', retry: false, error: 'The address unsubscribed from all StarLoop mail' };
  }
  return { kind: 'accepted', providerMessageId: `outbox:${result.id}` };
}

/**
 * The SMS text of a case reply on the platform's DLT template: the first variable is the business
 * name, the others carry the reply in pieces of at most 30 characters (empty pieces where the
 * reply is shorter), cut at spaces where possible.
 */
export function renderCaseSms(template: string, business: string, text: string) {
  const variables = template.split('{#var#}').length - 1;
  const pieces: string[] = [];
  let rest = variableValue(text);
  while (rest.length > 0 && pieces.length < variables - 1) {
    let piece = [...rest].slice(0, DLT_VARIABLE_MAX).join('');
    if (piece.length < rest.length) {
      const space = piece.lastIndexOf(' ');
      if (space > 10) piece = piece.slice(0, space + 1);
    }
    pieces.push(piece);
    rest = rest.slice(piece.length);
  }
  if (rest.length > 0) return { ok: false as const, error: CASE_TEXTS.smsTooLong };
  while (pieces.length < variables - 1) pieces.push('');
  const values = [[...variableValue(business)].slice(0, DLT_VARIABLE_MAX).join(''), ...pieces];
  const fixed = template.split('{#var#}');
  const rendered = fixed.map((part, i) => part + (values[i] ?? '')).join('');
  // Any character outside GSM-7's ASCII core (Hindi, Tamil, ₹…) makes it a Unicode SMS.
  return { ok: true as const, text: rendered, unicode: /[^\x20-\x7E\n]/.test(rendered) };
}

/** Inbound answers thread to the case of the latest message sent to that phone or address. */
export async function threadCustomerAnswer(
  deps: Pick<TDeps, 'db' | 'now' | 'log'>,
  answer: {
    channel: TCaseMessageChannel;
    from: string;
    text: string;
    providerMessageId: string | null;
    replyToken?: string;
  },
): Promise<number | undefined> {
  const now = deps.now();
  const sent = answer.replyToken
    ? await findCaseMessageByReplyToken(deps.db, answer.replyToken)
    : await findLatestMessageTo(deps.db, {
        channel: answer.channel,
        recipient: answer.from,
        since: new Date(now.getTime() - ANSWER_WINDOW_DAYS * 86_400_000),
      });
  if (!sent) return undefined;
  const text = answer.text.trim().slice(0, 4000);
  if (text === '') return undefined;
  const caseId = Number(sent.caseId);
  const threaded = await inTransaction(deps.db, async (trx) => {
    if (!(await lockCase(trx, caseId))) return false;
    if (answer.providerMessageId && (await answerKnown(trx, answer.channel, answer.providerMessageId)))
      return false;
    const message = await insertCaseMessage(trx, {
      caseId,
      ownerId: Number(sent.ownerId),
      direction: 'in',
      kind: 'reply',
      channel: answer.channel,
      via: sent.via,
      recipient: answer.from,
      text,
      language: sent.language,
      status: 'received',
      replyToken: null,
      sentByPersonId: null,
      createdAt: now,
    });
    await insertCaseEvents(trx, [
      {
        caseId,
        kind: 'message_in',
        actorPersonId: null,
        data: { text, channel: answer.channel, messageId: Number(message.id) },
        createdAt: now,
      },
    ]);
    if (answer.providerMessageId) {
      await updateCaseMessage(trx, Number(message.id), {
        providerMessageId: answer.providerMessageId,
        at: now,
      });
    }
    await updateCase(trx, caseId, { updatedAt: now });
    return true;
  });
  if (threaded) deps.log.info({ caseId, channel: answer.channel }, 'customer answer threaded into its case');
  return threaded ? caseId : undefined;
}

async function answerKnown(
  trx: TDb,
  channel: TCaseMessageChannel,
  providerMessageId: string,
): Promise<boolean> {
  const row = await trx
    .selectFrom('caseMessages')
    .select('id')
    .where('channel', '=', channel)
    .where('providerMessageId', '=', providerMessageId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The customer took consent back: their contacts are marked and each case notes it, in the
 * caller's transaction (the requests' opt-out does it beside its own marks).
 */
export async function withdrawCaseConsent(
  trx: TDb,
  who: { phoneE164?: string; email?: string; ownerId?: number },
  how: { source: 'stop-reply' | 'unsubscribe' | 'owner'; channel: TCaseMessageChannel | null; at: Date },
): Promise<number> {
  const cases = await withdrawReviewContacts(trx, who, { source: how.source, at: how.at });
  await insertCaseEvents(
    trx,
    cases.map(({ caseId }) => ({
      caseId,
      kind: 'consent_withdrawn' as const,
      actorPersonId: null,
      data: { channel: how.channel, source: how.source },
      createdAt: how.at,
    })),
  );
  return cases.length;
}
