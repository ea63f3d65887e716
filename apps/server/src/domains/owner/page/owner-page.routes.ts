import type { FastifyInstance } from 'fastify';
import { authenticateOwner } from '../../../auth/authenticate.ts';
import { bearerToken } from '../../../auth/tokens.ts';
import type { TDeps } from '../../../context.ts';
import { clearedOwnerPageCookie, ownerPageCookie } from './owner-page-cookie.ts';
import type { TOwnerPageRenderer } from './owner-page-renderer.ts';

/**
 * The owner's page cookie (owner-page-cookie.ts), asked for by the web app once it holds an owner
 * token (lib/owner-page-session.ts) and dropped when the session ends. Not part of the partner API
 * (not in the OpenAPI document): the web app's own.
 *   POST /api/owner/page-session: a live owner token in Authorization (else 401), any branch
 *     state, a closed account included (its owners still open the dashboard); 204 with the cookie.
 *   DELETE /api/owner/page-session: anyone (it removes the caller's own cookie); 204.
 */
export async function ownerPageSessionRoutes(
  app: FastifyInstance,
  { deps, ownerPage }: { deps: TDeps; ownerPage?: TOwnerPageRenderer | undefined },
) {
  const secure = deps.config.appUrl.startsWith('https:');
  app.post('/api/owner/page-session', async (request, reply) => {
    const authorization = request.headers.authorization;
    await authenticateOwner(deps, authorization, { allowPending: true, allowClosedAccount: true });
    const token = bearerToken(authorization) ?? '';
    // The page this cookie is for comes next: its drawing starts now, not on the page's own time.
    ownerPage?.warm();
    return reply
      .header('set-cookie', ownerPageCookie(token, secure))
      .header('cache-control', 'no-store')
      .status(204)
      .send();
  });
  app.delete('/api/owner/page-session', async (_request, reply) =>
    reply
      .header('set-cookie', clearedOwnerPageCookie(secure))
      .header('cache-control', 'no-store')
      .status(204)
      .send(),
  );
}
