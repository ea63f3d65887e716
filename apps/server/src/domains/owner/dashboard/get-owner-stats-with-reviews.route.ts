import { ZOwnerReview } from '@starloop/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TDeps } from '../../../context.ts';
import { defineRestRoute } from '../../../rest/define-route.ts';
import { getOwnerStats, listAllReviewsForOwner } from './dashboard.service.ts';

/**
 * GET /api/users/stats: the spec's one-call answer (stats and every review). Not a procedure: the
 * web app pages reviews through owner.dashboard.reviews instead.
 */
export async function ownerStatsWithReviewsRoute(app: FastifyInstance, { deps }: { deps: TDeps }) {
  defineRestRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/users/stats',
      summary:
        'Owner stats with every review, newest first (the web app pages through tRPC owner.dashboard.reviews instead)',
      tags: ['owner'],
      auth: 'owner',
      permission: 'read',
      response: z.object({
        success: z.literal(true),
        totalReviews: z.number(),
        averageRating: z.number(),
        fiveStarCount: z.number().int(),
        fiveStarPercentage: z.number(),
        reviews: z.array(ZOwnerReview),
      }),
    },
    async (_request, _reply, { owner }) => {
      const [stats, reviews] = await Promise.all([
        getOwnerStats(deps, owner.id),
        listAllReviewsForOwner(deps, owner.id),
      ]);
      return {
        success: true,
        totalReviews: stats.totalReviews,
        averageRating: stats.averageRating,
        fiveStarCount: stats.fiveStarCount,
        fiveStarPercentage: stats.fiveStarPercent,
        reviews,
      };
    },
  );
}
