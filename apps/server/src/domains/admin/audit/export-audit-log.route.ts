import { ZAuditExportQuery } from '@starloop/contract';
import type { FastifyInstance } from 'fastify';
import type { TDeps } from '../../../context.ts';
import { adminActor } from '../../../lib/audit.ts';
import { SPREADSHEET_CONTENT_TYPES } from '../../../lib/spreadsheet.ts';
import { defineRestRoute } from '../../../rest/define-route.ts';
import { auditLogCsv } from '../privacy/privacy.service.ts';

/**
 * GET /api/admin/audit-log/export?from&to: the audit trail of a time range as CSV (a file, so a
 * route). A super_admin only; the export is itself audited.
 */
export async function exportAuditLogRoute(app: FastifyInstance, { deps }: { deps: TDeps }) {
  defineRestRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/admin/audit-log/export',
      summary: 'The audit trail between two instants (from inclusive, to exclusive) as CSV, at most a year',
      tags: ['admin'],
      auth: 'super_admin',
      querystring: ZAuditExportQuery,
      produces: [SPREADSHEET_CONTENT_TYPES.csv],
    },
    async (request, reply, session) => {
      const range = ZAuditExportQuery.parse(request.query ?? {});
      const { csv, filename } = await auditLogCsv(deps, adminActor({ session, ip: request.ip }), range);
      return reply
        .header('content-type', SPREADSHEET_CONTENT_TYPES.csv)
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}
