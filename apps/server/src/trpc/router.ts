import { adminAdminsRouter } from '../domains/admin/admins/router.ts';
import { adminAgentsRouter } from '../domains/admin/agents/router.ts';
import { adminLeadsRouter } from '../domains/admin/leads/router.ts';
import { adminManualPaymentsRouter } from '../domains/admin/manual-payments/router.ts';
import { adminOnboardingRouter } from '../domains/admin/onboarding/router.ts';
import { adminOutboxRouter } from '../domains/admin/outbox/router.ts';
import { adminOverviewRouter } from '../domains/admin/overview/router.ts';
import { adminPaymentsRouter } from '../domains/admin/payments/router.ts';
import { adminReportsRouter } from '../domains/admin/reports/router.ts';
import { adminReviewsRouter } from '../domains/admin/reviews/router.ts';
import { adminUsersRouter } from '../domains/admin/users/router.ts';
import { adminAuthRouter } from '../domains/admin-auth/router.ts';
import { loginProcedure } from '../domains/owner-auth/login.procedure.ts';
import { logoutProcedure } from '../domains/owner-auth/logout.procedure.ts';
import { meProcedure } from '../domains/owner-auth/me.procedure.ts';
import { ownerDashboardRouter } from '../domains/owner-dashboard/router.ts';
import { ownerSettingsRouter } from '../domains/owner-dashboard/settings-router.ts';
import { ownerPlanRouter } from '../domains/payments/plan-router.ts';
import { paymentsRouter } from '../domains/payments/router.ts';
import { publicRouter } from '../domains/public/router.ts';
import { replyTemplatesRouter } from '../domains/replies/router.ts';
import { systemRouter } from '../domains/system/router.ts';
import { router } from './init.ts';

export const appRouter = router({
  system: systemRouter,
  public: publicRouter,
  payments: paymentsRouter,
  owner: router({
    login: loginProcedure,
    logout: logoutProcedure,
    me: meProcedure,
    dashboard: ownerDashboardRouter,
    settings: ownerSettingsRouter,
    templates: replyTemplatesRouter,
    plan: ownerPlanRouter,
  }),
  admin: router({
    auth: adminAuthRouter,
    overview: adminOverviewRouter,
    users: adminUsersRouter,
    reviews: adminReviewsRouter,
    payments: adminPaymentsRouter,
    manualPayments: adminManualPaymentsRouter,
    admins: adminAdminsRouter,
    agents: adminAgentsRouter,
    leads: adminLeadsRouter,
    onboarding: adminOnboardingRouter,
    reports: adminReportsRouter,
    outbox: adminOutboxRouter,
  }),
});

/** The one type the web app imports from the server. */
export type AppRouter = typeof appRouter;
