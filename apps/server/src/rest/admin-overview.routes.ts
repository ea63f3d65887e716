import { ZAdminActivityQuery, ZAdminActivityResponse, ZAdminStatsResponse } from '@starloop/contract';
import type { FastifyInstance } from 'fastify';
import type { TDeps } from '../context.ts';
import { getAdminStats, listAdminActivity } from '../domains/admin/overview/overview.service.ts';
import { requireAdmin } from './auth.ts';
import { defineRoute } from './define-route.ts';

export async function adminOverviewRoutes(app: FastifyInstance, { deps }: { deps: TDeps }) {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/admin/stats',
      summary:
        'Overview stat cards. revenue is in RUPEES: razorpay = captured payments (paise) / 100, manual = whole rupees, total = both',
      description:
        'Served from counters. users holds the users summary counts (total, newThisMonth, withReviews, referred, active, pending, inactive, deleted, manualOnboarded).',
      tags: ['admin'],
      auth: 'admin',
      response: ZAdminStatsResponse,
    },
    async (request) => {
      await requireAdmin(deps, request);
      return getAdminStats(deps);
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/admin/activity',
      summary: 'Recent activity, newest first (page, limit=10)',
      tags: ['admin'],
      auth: 'admin',
      querystring: ZAdminActivityQuery,
      response: ZAdminActivityResponse,
    },
    async (request) => {
      await requireAdmin(deps, request);
      return listAdminActivity(deps, ZAdminActivityQuery.parse(request.query ?? {}));
    },
  );
}
