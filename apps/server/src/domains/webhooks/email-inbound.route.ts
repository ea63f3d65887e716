import { ZWebhookAck } from '@starloop/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { TDeps } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { secretsMatch } from '../../lib/local-access.ts';
import { defineRestRoute } from '../../rest/define-route.ts';
import { threadCustomerAnswer } from '../cases/case-messages.service.ts';

/**
 * A customer's email answer to a case reply (issue 33 item 4): the inbound mail service (Postmark's
 * inbound JSON: From/FromFull, To/OriginalRecipient, TextBody, StrippedTextReply, MessageID) posts
 * every mail to case+<token>@CASE_REPLY_EMAIL_DOMAIN here; the token names the message it answers.
 * The path carries CASE_INBOUND_EMAIL_SECRET (a wrong one, or none configured, is a 404).
 */
const ZInboundMail = z.object({
  From: z.string().max(400).optional(),
  FromFull: z.object({ Email: z.string().max(320).optional() }).optional(),
  To: z.string().max(2000).optional(),
  OriginalRecipient: z.string().max(400).optional(),
  TextBody: z.string().max(200_000).optional(),
  StrippedTextReply: z.string().max(200_000).optional(),
  MessageID: z.string().max(200).optional(),
});
const ZPath = z.object({ token: z.string() });

const REPLY_TOKEN = /case\+([0-9a-f]{24})@/i;

/** The answer without the quoted message under it ("On … wrote:", "> …"). */
export function answerText(body: string): string {
  const lines: string[] = [];
  for (const line of body.replace(/\r\n/g, '\n').split('\n')) {
    if (/^On .+wrote:\s*$/.test(line) || /^-{2,}\s*Original Message/i.test(line)) break;
    if (line.startsWith('>')) continue;
    lines.push(line);
  }
  return lines.join('\n').trim();
}

export async function emailInboundRoute(app: FastifyInstance, { deps }: { deps: TDeps }) {
  defineRestRoute(
    app,
    deps,
    {
      method: 'POST',
      url: '/webhooks/email/inbound/:token',
      summary: "A customer's email answer to a case reply (inbound mail service)",
      description:
        'Postmark inbound JSON. The To address case+<token>@CASE_REPLY_EMAIL_DOMAIN names the reply answered; the answer joins that case. Mail to any other address is acknowledged and dropped.',
      tags: ['webhooks'],
      auth: 'webhook',
      webhookScheme: 'urlToken',
      params: ZPath,
      body: ZInboundMail,
      response: ZWebhookAck,
      verify: (request: FastifyRequest) => {
        const secret = deps.config.platform.inboundEmailSecret;
        const { token } = (request.params ?? {}) as { token?: string };
        if (!secret || !secretsMatch(secret, token ?? '')) throw notFound('Not found');
        return true;
      },
    },
    async (request) => {
      const mail = request.body as z.infer<typeof ZInboundMail>;
      const to = `${mail.OriginalRecipient ?? ''} ${mail.To ?? ''}`;
      const replyToken = REPLY_TOKEN.exec(to)?.[1]?.toLowerCase();
      const from = (mail.FromFull?.Email ?? mail.From ?? '').trim().toLowerCase();
      const text = mail.StrippedTextReply?.trim() || answerText(mail.TextBody ?? '');
      if (replyToken && text) {
        const caseId = await threadCustomerAnswer(deps, {
          channel: 'email',
          from: from.slice(0, 200),
          text,
          providerMessageId: mail.MessageID ?? null,
          replyToken,
        });
        deps.log.info({ provider: 'email', threaded: caseId !== undefined }, 'inbound email handled');
      }
      return { status: 'ok' as const };
    },
  );
}
