import { ZInvoiceId } from '@starloop/contract';
import type { FastifyInstance } from 'fastify';
import type { TDeps } from '../../context.ts';
import { defineRestRoute } from '../../rest/define-route.ts';
import { ownerInvoicePdf } from './owner-invoices.service.ts';

/** GET /api/users/invoices/{id}/pdf: one of the account's invoices as a PDF (not JSON: a route). */
export async function ownerInvoicePdfRoute(app: FastifyInstance, { deps }: { deps: TDeps }) {
  defineRestRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/users/invoices/:id/pdf',
      summary: "One of the account's tax invoices or credit notes as a PDF",
      tags: ['billing'],
      auth: 'owner_or_api_key',
      permission: 'account',
      params: ZInvoiceId,
      produces: ['application/pdf'],
    },
    async (request, reply, session) => {
      const { id } = ZInvoiceId.parse(request.params);
      const { filename, pdf } = await ownerInvoicePdf(deps, session, id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
}
