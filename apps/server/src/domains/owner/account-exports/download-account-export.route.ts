import { ZAccountExportIdParam } from '@starloop/contract';
import type { FastifyInstance } from 'fastify';
import type { TDeps } from '../../../context.ts';
import { defineRestRoute } from '../../../rest/define-route.ts';
import { openExportDownload } from './account-exports.service.ts';

/**
 * GET /api/v1/account/exports/{id}/download: the export's ZIP, streamed from the database. Only
 * the account's owners (owner token, `account` permission): managers and staff get a 403, another
 * account's export a 404, one not ready a 409, one expired a 410. Not a procedure: a file.
 */
export async function downloadAccountExportRoute(app: FastifyInstance, { deps }: { deps: TDeps }) {
  defineRestRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/v1/account/exports/:id/download',
      summary: "Download a ready export of the account's data (application/zip)",
      tags: ['account'],
      auth: 'owner',
      permission: 'account',
      allowClosedAccount: true,
      params: ZAccountExportIdParam,
      produces: ['application/zip'],
    },
    async (request, reply, session) => {
      const { id } = ZAccountExportIdParam.parse(request.params);
      const file = await openExportDownload(deps, session, id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', String(file.byteSize))
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.stream);
    },
  );
}
