import { ZAdminStatsResponse } from '@starloop/contract';
import type { FastifyInstance } from 'fastify';
import type { TDeps } from '../../../context.ts';
import { defineRestRoute } from '../../../rest/define-route.ts';
import { getAdminStats } from './overview.service.ts';

/** GET /api/admin/stats: the spec's cards alone (admin.overview.stats adds the charts). */
export async function adminStatsRoute(app: FastifyInstance, { deps }: { deps: TDeps }) {
  defineRestRoute(
    app,
    deps,
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
    async () => getAdminStats(deps),
  );
}
