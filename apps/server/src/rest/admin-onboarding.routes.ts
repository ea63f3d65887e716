import { ZOnboarding, ZOnboardingRequest, ZOnboardingResult } from '@starloop/contract';
import type { FastifyInstance } from 'fastify';
import type { TDeps } from '../context.ts';
import { onboardCustomers } from '../domains/admin/onboarding/onboarding.service.ts';
import { requireAdmin } from './auth.ts';
import { defineRoute } from './define-route.ts';

/** POST /api/admin/onboard (decisions.md: the wizard's Complete Onboarding makes a real call). */
export async function adminOnboardingRoutes(app: FastifyInstance, { deps }: { deps: TDeps }) {
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/admin/onboard',
      summary:
        'Onboard 1 to 10 branches with one manual payment, all or nothing; answers one set-password link per owner',
      tags: ['admin', 'onboarding'],
      auth: 'admin',
      body: ZOnboarding,
      response: ZOnboardingResult,
      status: 201,
    },
    async (request) => {
      const { admin } = await requireAdmin(deps, request);
      return onboardCustomers(deps, ZOnboardingRequest.parse(request.body ?? {}), admin);
    },
  );
}
