import { UNSUBSCRIBE_TEXTS, ZUnsubscribeQuery, ZUnsubscribeResult } from '@starloop/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import type { TDeps } from '../../../context.ts';
import { AppError } from '../../../lib/errors.ts';
import { defineRestRoute } from '../../../rest/define-route.ts';
import { checkUnsubscribeLink, unsubscribe } from './unsubscribe.service.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A tiny self-contained page (the link is opened from a mail, outside the web app). */
function page(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>StarLoop: unsubscribe</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222}button{font:inherit;padding:.5rem 1.25rem;border-radius:.4rem;border:1px solid #444;background:#fff;cursor:pointer}</style></head><body><h1>StarLoop</h1>${body}</body></html>`;
}

/** Browsers get a page; anything else (scripts, one-click clients) gets JSON. */
const wantsHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

function tokenOf(request: FastifyRequest): string {
  const body =
    request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
  const query = (request.query ?? {}) as Record<string, unknown>;
  return ZUnsubscribeQuery.parse({ token: query.token ?? body.token }).token;
}

function answerInvalid(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  const invalid = (error instanceof AppError && error.field === 'token') || error instanceof ZodError;
  if (!invalid || !wantsHtml(request)) throw error;
  return reply
    .status(400)
    .type('text/html; charset=utf-8')
    .send(page(`<p>${escapeHtml(UNSUBSCRIBE_TEXTS.invalid)}</p>`));
}

/**
 * GET/POST /api/unsubscribe?token=…: the link in every automatic reply email. GET only shows a
 * page with a button, since mail scanners open links on their own; POST (the button, or a mail
 * client's one-click request) unsubscribes. Not a procedure: its answer is a page.
 */
export async function unsubscribeRoute(app: FastifyInstance, { deps }: { deps: TDeps }) {
  // The page's form posts application/x-www-form-urlencoded (scoped to this plugin).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 2048 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  defineRestRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/unsubscribe',
      summary:
        'The unsubscribe page of an automatic reply or review request email (a button that posts the same link)',
      tags: ['public', 'mail'],
      auth: 'public',
      querystring: ZUnsubscribeQuery,
      response: ZUnsubscribeResult,
      produces: ['text/html', 'application/json'],
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        const token = tokenOf(request);
        const { unsubscribed, message } = await checkUnsubscribeLink(deps, token);
        if (!wantsHtml(request)) return { success: true, message };
        const body = unsubscribed
          ? `<p>${escapeHtml(message)}</p>`
          : `<p>${escapeHtml(message)}</p><form method="post" action="/api/unsubscribe?token=${encodeURIComponent(token)}"><button type="submit">Unsubscribe</button></form>`;
        return reply.type('text/html; charset=utf-8').send(page(body));
      } catch (error) {
        return answerInvalid(request, reply, error);
      }
    },
  );

  defineRestRoute(
    app,
    deps,
    {
      method: 'POST',
      url: '/unsubscribe',
      summary: 'Unsubscribe the address of an automatic reply email from all StarLoop mail',
      tags: ['public', 'mail'],
      auth: 'public',
      querystring: ZUnsubscribeQuery.partial(),
      response: ZUnsubscribeResult,
      // Browsers (the button on the page) get a page; mail clients' one-click POST gets JSON.
      produces: ['text/html', 'application/json'],
      bodyLimit: 2048,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        const result = await unsubscribe(deps, tokenOf(request));
        if (!wantsHtml(request)) return ZUnsubscribeResult.parse(result);
        return reply.type('text/html; charset=utf-8').send(page(`<p>${escapeHtml(result.message)}</p>`));
      } catch (error) {
        return answerInvalid(request, reply, error);
      }
    },
  );
}
