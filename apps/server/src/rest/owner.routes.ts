import { ZOwnerReview } from '@starloop/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TDeps } from '../context.ts';
import { getOwnerStats, listAllReviewsForOwner } from '../domains/owner-dashboard/owner-dashboard.service.ts';
import { requireOwner } from './auth.ts';
import { defineRoute } from './define-route.ts';

export async function ownerRoutes(app: FastifyInstance, { deps }: { deps: TDeps }) {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/users/stats',
      summary:
        'Owner stats with every review, newest first (the web app pages through tRPC owner.dashboard.reviews instead)',
      tags: ['owner'],
      auth: 'owner',
      response: z.object({
        success: z.literal(true),
        totalReviews: z.number(),
        averageRating: z.number(),
        fiveStarCount: z.number().int(),
        fiveStarPercentage: z.number(),
        reviews: z.array(ZOwnerReview),
      }),
    },
    async (request) => {
      const { owner } = await requireOwner(deps, request);
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
