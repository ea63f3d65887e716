import { PLACEMENT_PARAM, REQUEST_TOKEN_PATTERN } from '@starloop/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TDeps } from '../../../context.ts';
import { followShortLink } from './short-link.service.ts';

/** Link previewers (chat apps fetch a link to draw its card) are no customer's click. */
const PREVIEWER = /bot|crawler|spider|preview|facebookexternalhit|whatsapp|telegram|slack|discord|skype/i;

const isCustomerClick = (request: FastifyRequest) =>
  request.method === 'GET' && !PREVIEWER.test(request.headers['user-agent'] ?? '');

/**
 * GET /r/{token}: a review request's short link. It answers nothing but a redirect to the
 * business's review page carrying the request's token (`?p=`), which ties the review to the
 * request; a customer's click is counted. Unknown tokens get a plain 404 that names nothing.
 * Not a procedure: its answer is a redirect.
 */
export async function shortLinkRoutes(app: FastifyInstance, { deps }: { deps: TDeps }) {
  app.route<{ Params: { token: string } }>({
    method: ['GET', 'HEAD'],
    url: '/r/:token',
    handler: async (request, reply) => {
      // The link is a key: nobody caches it, and the review page learns nothing of where it was.
      reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .header('x-robots-tag', 'noindex');
      const token = request.params.token;
      const target = REQUEST_TOKEN_PATTERN.test(token)
        ? await followShortLink(deps, token, { count: isCustomerClick(request) })
        : undefined;
      if (!target) return reply.status(404).type('text/plain; charset=utf-8').send('This link is not valid.');
      return reply.redirect(`/review/${encodeURIComponent(target.code)}?${PLACEMENT_PARAM}=${token}`, 302);
    },
  });
}
