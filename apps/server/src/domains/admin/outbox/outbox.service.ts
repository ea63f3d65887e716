import type { TOutboxEmail, TOutboxListInput, TOutboxListResult } from '@starloop/contract';
import { listEmails, type TEmail } from '@starloop/db';
import type { TDeps } from '../../../context.ts';

/** One-time tokens inside links (set-password, reset-password). */
const TOKEN_IN_LINK = /([?&#]token=)[^\s&#]+/g;

/**
 * A mail as the outbox view shows it. The outbox exists so that nothing is silently dropped
 * (decisions.md, Email): a mail that did not reach its recipient is shown whole, so an admin can
 * hand its link over. Once a mail was delivered, its one-time links are no business of the admin
 * and show as `token=[hidden]`.
 */
export function toOutboxEmail(mail: TEmail): TOutboxEmail {
  const textBody =
    mail.status === 'sent' ? mail.textBody.replace(TOKEN_IN_LINK, '$1[hidden]') : mail.textBody;
  return {
    id: mail.id,
    toAddress: mail.toAddress,
    subject: mail.subject,
    textBody,
    status: mail.status,
    error: mail.error,
    category: mail.category,
    createdAt: mail.createdAt.toISOString(),
    sentAt: mail.sentAt ? mail.sentAt.toISOString() : null,
  };
}

/** The newest mails first (attachments are not listed). */
export async function listOutbox(deps: TDeps, input: TOutboxListInput): Promise<TOutboxListResult> {
  const rows = await listEmails(deps.db, { limit: input.limit });
  return { emails: rows.map(toOutboxEmail) };
}
