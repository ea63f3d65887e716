import {
  CONTACT_IMPORT_MAX_BYTES,
  REQUEST_TEXTS,
  ZImportPreview,
  ZImportUploadQuery,
} from '@starloop/contract';
import type { FastifyInstance } from 'fastify';
import type { TDeps } from '../../../context.ts';
import { badRequest } from '../../../lib/errors.ts';
import { defineRestRoute } from '../../../rest/define-route.ts';
import { previewImport } from './contacts.service.ts';

/** What a browser may label a CSV or an .xlsx file as. */
const FILE_TYPES = [
  'text/csv',
  'text/plain',
  'application/csv',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/octet-stream',
];

/**
 * POST /api/requests/contacts/import: a contacts file (the raw body, up to 5 MB and 10,000 rows)
 * read into its preview. Not a procedure: tRPC bodies are JSON and capped at 256 KB, and a file
 * this size is better sent as itself than as base64. The commit is the procedure
 * owner.requests.commitImport (in chunks, so the screen shows progress).
 */
export async function importContactsRoute(app: FastifyInstance, { deps }: { deps: TDeps }) {
  app.addContentTypeParser(
    FILE_TYPES,
    { parseAs: 'buffer', bodyLimit: CONTACT_IMPORT_MAX_BYTES },
    (_req, body, done) => done(null, body),
  );
  defineRestRoute(
    app,
    deps,
    {
      method: 'POST',
      url: '/requests/contacts/import',
      summary: "Preview a CSV or XLSX file of customers: every row's errors, what is added and what merged",
      tags: ['owner', 'requests'],
      auth: 'owner',
      permission: 'manage',
      querystring: ZImportUploadQuery,
      response: ZImportPreview,
      bodyLimit: CONTACT_IMPORT_MAX_BYTES,
    },
    async (request, _reply, session) => {
      const query = ZImportUploadQuery.parse(request.query ?? {});
      if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
        throw badRequest(REQUEST_TEXTS.importFileMissing, 'file');
      }
      const preview = await previewImport(deps, session.owner, request.body, {
        fileName: query.fileName || 'contacts',
        consentForAll: query.consent === 'yes',
        consentSource: query.consentSource ?? null,
      });
      return ZImportPreview.parse(preview);
    },
  );
}
