import type { FastifyInstance } from 'fastify';
import type { TDeps } from '../context.ts';
import { adminAdminsRoutes } from './admin-admins.routes.ts';
import { adminAgentsRoutes } from './admin-agents.routes.ts';
import { adminAuthRoutes } from './admin-auth.routes.ts';
import { adminLeadsRoutes } from './admin-leads.routes.ts';
import { adminManualPaymentsRoutes } from './admin-manual-payments.routes.ts';
import { adminOnboardingRoutes } from './admin-onboarding.routes.ts';
import { adminOverviewRoutes } from './admin-overview.routes.ts';
import { adminPaymentsRoutes } from './admin-payments.routes.ts';
import { adminReviewsRoutes } from './admin-reviews.routes.ts';
import { adminUsersRoutes } from './admin-users.routes.ts';
import { docsRoutes } from './docs.routes.ts';
import { ownerRoutes } from './owner.routes.ts';
import { ownerAuthRoutes } from './owner-auth.routes.ts';
import { paymentsRoutes } from './payments.routes.ts';
import { publicRoutes } from './public.routes.ts';
import { reportsRoutes } from './reports.routes.ts';

/**
 * The REST adapter at the spec's documented paths (section 7), mounted at /api. Each route parses,
 * calls the same service as the tRPC procedure, and shapes the documented answer.
 */
export async function restApi(app: FastifyInstance, { deps }: { deps: TDeps }) {
  await app.register(ownerAuthRoutes, { deps });
  await app.register(adminAuthRoutes, { deps });
  await app.register(publicRoutes, { deps });
  await app.register(ownerRoutes, { deps });
  await app.register(paymentsRoutes, { deps });
  await app.register(adminOverviewRoutes, { deps });
  await app.register(adminUsersRoutes, { deps });
  await app.register(adminReviewsRoutes, { deps });
  await app.register(adminPaymentsRoutes, { deps });
  await app.register(adminManualPaymentsRoutes, { deps });
  await app.register(adminAdminsRoutes, { deps });
  await app.register(adminAgentsRoutes, { deps });
  await app.register(adminLeadsRoutes, { deps });
  await app.register(adminOnboardingRoutes, { deps });
  await app.register(reportsRoutes, { deps });
  await app.register(docsRoutes, { deps });
}
