import { ZCaseDetail, ZCaseIdParam, ZCaseMessage } from '@starloop/contract';
import { accountProcedure } from '../../../trpc/init.ts';
import { sendCaseMessage } from '../../cases/case-messages.service.ts';

/**
 * Any member with access to its branch (or an API key): a message to the case's customer by
 * WhatsApp, SMS or email, only with their consent and a channel that can reach them.
 */
export const sendCaseMessageOperation = accountProcedure('read')
  .meta({
    rest: {
      method: 'POST',
      path: '/v1/cases/:id/messages',
      params: ZCaseIdParam,
      summary: "Send a message to a feedback case's customer (WhatsApp, SMS or email)",
      description:
        "channel: whatsapp | sms | email; kind: reply (text, 1 to 1,000 characters; SMS shorter) or invitation (StarLoop's one neutral invitation to share the experience publicly: resolved cases only, once; text ignored). 409 when the customer left no contact, gave no consent or withdrew it, or the channel cannot reach them now (the message says why); 400 for a text that asks to change a review or offers anything for one. WhatsApp and SMS count against the branch's monthly platform quota.",
      tags: ['cases'],
      status: 201,
    },
  })
  .input(ZCaseMessage)
  .output(ZCaseDetail)
  .mutation(({ ctx, input }) => sendCaseMessage(ctx.deps, ctx.session, input));
