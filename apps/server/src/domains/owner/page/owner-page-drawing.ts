import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createOwnerPageRenderer, type TOwnerPageRenderer } from './owner-page-renderer.ts';

/**
 * The drawing of /dashboard for this server (owner-page-renderer.ts), or undefined when the web
 * build has no drawing worker (dist/.ssr, written by the web build's scripts/owner-ssr.mjs). The
 * page's requests go through the app's own routes, as the person, from their address.
 */
export function ownerPageDrawing(app: FastifyInstance, distDir: string): TOwnerPageRenderer | undefined {
  const workerFile = path.join(distDir, '.ssr', 'owner-page-worker.js');
  if (!existsSync(workerFile)) return undefined;
  const renderer = createOwnerPageRenderer({
    workerFile,
    log: app.log,
    answer: async (request, job) => {
      const response = await app.inject({
        method: request.method === 'POST' ? 'POST' : 'GET',
        url: request.url,
        remoteAddress: job.ip,
        headers: {
          authorization: `Bearer ${job.token}`,
          ...(request.branch ? { 'x-business-id': request.branch } : {}),
          ...(request.body === null ? {} : { 'content-type': 'application/json' }),
        },
        ...(request.body === null ? {} : { payload: request.body }),
      });
      return { status: response.statusCode, body: response.body };
    },
  });
  app.addHook('onClose', async () => renderer.close());
  return renderer;
}
