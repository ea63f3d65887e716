import type { TDeps } from '../../../context.ts';
import { postToProvider } from '../../owner/requests/channels/phone.channel.ts';
import { gupshupOutcome } from '../../owner/requests/channels/sms.channel.ts';
import type { TCustomerId } from './my-data.service.ts';

/**
 * The "my data" page's code to the customer: by email (the mailer; recorded in the outbox like any
 * mail, the code in its text) or by StarLoop's own DLT SMS sender with the code template
 * (PLATFORM_SMS_OTP_TEMPLATE_*). Best effort: the page answers the same whether it went or not, and
 * neither the code nor the identifier reaches the log.
 */
export async function sendMyDataCode(deps: TDeps, id: TCustomerId, code: string): Promise<void> {
  if (id.kind === 'email') {
    const result = await deps.mailer.send({
      to: id.value,
      subject: 'Your StarLoop code',
      text: [
        `Your code to see or erase what businesses using StarLoop hold about this address: ${code}`,
        '',
        'It works for 10 minutes. If you did not ask for it, ignore this email.',
      ].join('\n'),
      category: 'my-data-code',
    });
    if (result.status === 'failed') deps.log.warn({ status: result.status }, 'my data: code email not sent');
    return;
  }
  const sms = deps.config.platform.sms;
  if (!sms?.otpTemplateId || !sms.otpTemplateText) return;
  const form = new URLSearchParams({
    method: 'SendMessage',
    send_to: id.value.replace(/^\+/, ''),
    msg: sms.otpTemplateText.replace('{#var#}', code),
    msg_type: 'TEXT',
    userid: sms.userId,
    auth_scheme: 'plain',
    password: sms.password,
    v: '1.1',
    format: 'json',
    mask: sms.header,
    principalEntityId: sms.principalEntityId,
    dltTemplateId: sms.otpTemplateId,
  });
  const outcome = await postToProvider(
    deps,
    'Gupshup',
    {
      url: deps.config.channels.sms.apiBase,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    },
    gupshupOutcome,
  );
  if (outcome.kind !== 'accepted') deps.log.warn({ outcome: outcome.kind }, 'my data: code SMS not sent');
}
