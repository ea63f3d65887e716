import { ZBranchFiguresExport } from '@starloop/contract';
import type { FastifyInstance } from 'fastify';
import type { TDeps } from '../../../context.ts';
import { SPREADSHEET_CONTENT_TYPES } from '../../../lib/spreadsheet.ts';
import { defineRestRoute } from '../../../rest/define-route.ts';
import { getBranchFigures } from './account.service.ts';
import { branchFiguresCsv, branchFiguresFileName, branchFiguresXlsx } from './branch-figures-file.service.ts';

/**
 * GET /api/v1/account/branches/export: the All branches table (GET /api/v1/account/branches) as a
 * CSV or XLSX file. Not a procedure: the answer is a file. Any member, or an API key.
 */
export async function exportBranchFiguresRoute(app: FastifyInstance, { deps }: { deps: TDeps }) {
  defineRestRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/v1/account/branches/export',
      summary: 'The per-branch figures over a range of IST days as a CSV or XLSX file, the totals last',
      tags: ['account'],
      auth: 'owner_or_api_key',
      permission: 'read',
      querystring: ZBranchFiguresExport,
      produces: [SPREADSHEET_CONTENT_TYPES.csv, SPREADSHEET_CONTENT_TYPES.xlsx],
    },
    async (request, reply, session) => {
      const { format, ...range } = ZBranchFiguresExport.parse(request.query ?? {});
      const answer = await getBranchFigures(deps, session, range);
      const file = format === 'csv' ? branchFiguresCsv(answer) : await branchFiguresXlsx(answer);
      return reply
        .header('content-type', SPREADSHEET_CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="${branchFiguresFileName(answer, format)}"`)
        .header('cache-control', 'no-store')
        .send(file);
    },
  );
}
