import { MY_DATA_TEXTS, type TMyDataBusiness } from '@starloop/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TDeps } from '../../../context.ts';
import { AppError } from '../../../lib/errors.ts';
import {
  createMyDataRequests,
  requestMyDataCode,
  verifyMyDataCode,
  withdrawMyConsent,
} from './my-data.service.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#222;line-height:1.5}' +
  'input{font:inherit;padding:.5rem;border:1px solid #888;border-radius:.4rem;width:100%;box-sizing:border-box}' +
  'button{font:inherit;padding:.5rem 1.25rem;border-radius:.4rem;border:1px solid #444;background:#fff;cursor:pointer;margin:.25rem .25rem .25rem 0}' +
  '.error{color:#b91c1c}.note{color:#475569;font-size:.9rem}li{margin:.5rem 0}';

/** A self-contained page (no script: the forms post back here; the same services as /api/my-data/*). */
function page(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>StarLoop: your data</title><style>${STYLE}</style></head><body><h1>Your data</h1>${body}</body></html>`;
}

const INTRO =
  '<p>Businesses use StarLoop to ask for reviews and answer feedback. Each business decides what it keeps about you (it is the data fiduciary); StarLoop stores it for them. Enter your mobile number or email address: we send you a one-time code, then show you which businesses hold data about it, and you can ask them to show it to you or erase it, or stop every further message.</p>';

const hidden = (name: string, value: string) =>
  `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;

const errorLine = (message: string | undefined) =>
  message ? `<p class="error" role="alert">${escapeHtml(message)}</p>` : '';

function askPage(message?: string, identifier = ''): string {
  return page(
    `${INTRO}${errorLine(message)}<form method="post" action="/my-data">${hidden('step', 'code')}<label for="identifier">Mobile number or email</label><input id="identifier" name="identifier" autocomplete="email" required maxlength="254" value="${escapeHtml(identifier)}"><p><button type="submit">Send me a code</button></p></form>`,
  );
}

function codePage(identifier: string, message?: string, notice?: string): string {
  return page(
    `${notice ? `<p>${escapeHtml(notice)}</p>` : ''}${errorLine(message)}<form method="post" action="/my-data">${hidden('step', 'verify')}${hidden('identifier', identifier)}<label for="code">The 6-digit code</label><input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required><p><button type="submit">Show my data</button></p></form><p class="note"><a href="/my-data">Start again</a></p>`,
  );
}

const held = (b: TMyDataBusiness) => {
  const parts: string[] = [];
  if (b.held.contacts) parts.push('your name, number or email in its customer list');
  if (b.held.requests)
    parts.push(`${b.held.requests} review request${b.held.requests === 1 ? '' : 's'} sent to you`);
  if (b.held.reviewContacts || b.held.reviews)
    parts.push(
      `the contact you left with ${b.held.reviews || b.held.reviewContacts} review${(b.held.reviews || b.held.reviewContacts) === 1 ? '' : 's'}`,
    );
  if (b.held.caseMessages)
    parts.push(`${b.held.caseMessages} message${b.held.caseMessages === 1 ? '' : 's'} about your feedback`);
  return parts.join('; ');
};

function listPage(
  view: { token: string; identifier: string; businesses: TMyDataBusiness[] },
  notice?: string,
) {
  const token = hidden('token', view.token);
  const form = (step: string, label: string, extra = '') =>
    `<form method="post" action="/my-data" style="display:inline">${hidden('step', step)}${token}${extra}<button type="submit">${label}</button></form>`;
  const items = view.businesses
    .map((b) => {
      const id = hidden('businessId', String(b.businessId));
      return `<li><strong>${escapeHtml(b.businessName)}</strong>: ${escapeHtml(held(b))}<br>${form('access', 'Ask to see it', id)}${form('erasure', 'Ask to erase it', id)}</li>`;
    })
    .join('');
  const body =
    view.businesses.length === 0
      ? `<p>No business using StarLoop holds data about ${escapeHtml(view.identifier)}.</p>`
      : `<p>These businesses hold data about ${escapeHtml(view.identifier)}:</p><ul>${items}</ul><p>${form('erasure', 'Ask every one to erase it')} ${form('withdraw', 'Stop every message')}</p><p class="note">Each business answers within 30 days; past that, StarLoop completes the request for it (an erasure is then done by StarLoop). Asking to erase also stops their messages at once.</p>`;
  return page(
    `${notice ? `<p role="status">${escapeHtml(notice)}</p>` : ''}${body}<p class="note">This page works for 30 minutes.</p>`,
  );
}

const field = (body: Record<string, unknown>, name: string) =>
  typeof body[name] === 'string' ? (body[name] as string) : '';

/**
 * GET /my-data and its forms (POST /my-data, `step` = code | verify | access | erasure | withdraw):
 * the public "my data" page (issue 35 item 3), server-rendered without a script like the
 * unsubscribe page; the JSON API at /api/my-data/* runs the same services. Not a procedure: its
 * answer is a page.
 */
export async function myDataPageRoutes(app: FastifyInstance, { deps }: { deps: TDeps }) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const send = (reply: FastifyReply, status: number, html: string) =>
    reply
      .status(status)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(html);

  app.get('/my-data', async (_request, reply) => send(reply, 200, askPage()));

  app.post('/my-data', async (request, reply) => {
    const body =
      request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
    const step = field(body, 'step');
    const identifier = field(body, 'identifier').slice(0, 254);
    const token = field(body, 'token').slice(0, 500);
    try {
      if (step === 'code') {
        const result = await requestMyDataCode(deps, { identifier }, { ip: request.ip });
        return send(reply, 200, codePage(identifier, undefined, result.message));
      }
      if (step === 'verify') {
        const view = await verifyMyDataCode(
          deps,
          { identifier, code: field(body, 'code').trim() },
          { ip: request.ip },
        );
        return send(reply, 200, listPage(view));
      }
      if (step === 'access' || step === 'erasure') {
        const businessId = Number(field(body, 'businessId'));
        const result = await createMyDataRequests(deps, {
          token,
          kind: step,
          ...(Number.isInteger(businessId) && businessId > 0 ? { businessIds: [businessId] } : {}),
        });
        return send(
          reply,
          200,
          page(`<p role="status">${escapeHtml(result.message)}</p><p><a href="/my-data">Back</a></p>`),
        );
      }
      if (step === 'withdraw') {
        const result = await withdrawMyConsent(deps, { token });
        return send(
          reply,
          200,
          page(`<p role="status">${escapeHtml(result.message)}</p><p><a href="/my-data">Back</a></p>`),
        );
      }
      return send(reply, 400, askPage());
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const status = error.status;
      if (step === 'verify' && error.field === 'code')
        return send(reply, status, codePage(identifier, error.message));
      if (error.field === 'token') return send(reply, status, askPage(MY_DATA_TEXTS.sessionExpired));
      return send(reply, status, askPage(error.message, identifier));
    }
  });
}
