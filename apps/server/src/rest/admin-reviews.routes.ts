import { ZAdminReviewsQuery, ZAdminReviewsResponse } from '@starloop/contract';
import type { FastifyInstance } from 'fastify';
import type { TDeps } from '../context.ts';
import { listReviews } from '../domains/admin/reviews/reviews.service.ts';
import { requireAdmin } from './auth.ts';
import { defineRoute } from './define-route.ts';

export async function adminReviewsRoutes(app: FastifyInstance, { deps }: { deps: TDeps }) {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/admin/reviews',
      summary: 'All reviews (page, limit=10, search, sortBy createdAt|rating, sortOrder asc|desc)',
      description:
        'search covers business name, business code and message. avgRating and totalReviews are platform-wide.',
      tags: ['admin'],
      auth: 'admin',
      querystring: ZAdminReviewsQuery,
      response: ZAdminReviewsResponse,
    },
    async (request) => {
      await requireAdmin(deps, request);
      return listReviews(deps, ZAdminReviewsQuery.parse(request.query ?? {}));
    },
  );
}
