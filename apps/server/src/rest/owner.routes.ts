import { ZOwnerReview } from '@starloop/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TDeps } from '../context.ts';
import { getOwnerStats, listReviewsForOwner } from '../domains/owner-dashboard/owner-dashboard.service.ts';
import { requireOwner } from './auth.ts';
import { defineRoute } from './define-route.ts';

/** The original client pages the owner's reviews itself: it gets the newest ones in one answer. */
const REST_STATS_REVIEW_CAP = 500;

export async function ownerRoutes(app: FastifyInstance, { deps }: { deps: TDeps }) {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/users/stats',
      summary: `Owner stats with the newest ${REST_STATS_REVIEW_CAP} reviews`,
      tags: ['owner'],
      auth: 'owner',
      response: z.object({
        success: z.literal(true),
        totalReviews: z.number(),
        averageRating: z.number(),
        reviews: z.array(ZOwnerReview),
      }),
    },
    async (request) => {
      const { owner } = await requireOwner(deps, request);
      const [stats, list] = await Promise.all([
        getOwnerStats(deps, owner.id),
        listReviewsForOwner(deps, owner.id, { page: 1, limit: REST_STATS_REVIEW_CAP }),
      ]);
      return {
        success: true,
        totalReviews: stats.totalReviews,
        averageRating: stats.averageRating,
        reviews: list.reviews,
      };
    },
  );
}
