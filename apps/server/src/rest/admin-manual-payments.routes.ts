import { ZAdminManualPaymentsQuery, ZAdminManualPaymentsResponse } from '@starloop/contract';
import type { FastifyInstance } from 'fastify';
import type { TDeps } from '../context.ts';
import { listManualPayments } from '../domains/admin/manual-payments/manual-payments.service.ts';
import { requireAdmin } from './auth.ts';
import { defineRoute } from './define-route.ts';

export async function adminManualPaymentsRoutes(app: FastifyInstance, { deps }: { deps: TDeps }) {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/admin/manual-payments',
      summary:
        'Manual payments in whole RUPEES (page, limit=10, search, sortBy id|amount|paymentMethod|createdAt, sortOrder)',
      description:
        'search covers notes, email, method and the linked owners. totalRevenue and paymentMethodCounts cover all manual payments.',
      tags: ['admin'],
      auth: 'admin',
      querystring: ZAdminManualPaymentsQuery,
      response: ZAdminManualPaymentsResponse,
    },
    async (request) => {
      await requireAdmin(deps, request);
      return listManualPayments(deps, ZAdminManualPaymentsQuery.parse(request.query ?? {}));
    },
  );
}
