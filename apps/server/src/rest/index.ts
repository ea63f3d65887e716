import type { FastifyInstance } from 'fastify';
import type { TDeps } from '../context.ts';
import { adminAuthRoutes } from './admin-auth.routes.ts';
import { ownerAuthRoutes } from './owner-auth.routes.ts';

/**
 * The REST adapter at the spec's documented paths (section 7), mounted at /api. Each route parses,
 * calls the same service as the tRPC procedure, and shapes the documented answer.
 */
export async function restApi(app: FastifyInstance, { deps }: { deps: TDeps }) {
  await app.register(ownerAuthRoutes, { deps });
  await app.register(adminAuthRoutes, { deps });
}
