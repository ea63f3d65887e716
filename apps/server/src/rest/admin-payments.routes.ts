import { ZAdminPaymentsQuery, ZAdminPaymentsResponse } from '@starloop/contract';
import type { FastifyInstance } from 'fastify';
import type { TDeps } from '../context.ts';
import { listPayments } from '../domains/admin/payments/payments.service.ts';
import { requireAdmin } from './auth.ts';
import { defineRoute } from './define-route.ts';

export async function adminPaymentsRoutes(app: FastifyInstance, { deps }: { deps: TDeps }) {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/admin/payments',
      summary: 'Razorpay payments, newest first (page, limit=10, search). amount and totalRevenue are PAISE',
      description:
        'search covers the order and payment ids and the owner (name, business, code, phone, email). totalRevenue counts captured payments only.',
      tags: ['admin'],
      auth: 'admin',
      querystring: ZAdminPaymentsQuery,
      response: ZAdminPaymentsResponse,
    },
    async (request) => {
      await requireAdmin(deps, request);
      return listPayments(deps, ZAdminPaymentsQuery.parse(request.query ?? {}));
    },
  );
}
