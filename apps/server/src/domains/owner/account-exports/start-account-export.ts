import { ZAccountExportStarted } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { startOwnerExport } from './account-exports.service.ts';

/**
 * The account's owners only (managers and staff get a 403): starts a copy of everything the account
 * holds, built in the background; while one is running its id is answered.
 */
export const startAccountExportOperation = ownerProcedure('account')
  .meta({
    // A closed account's owners export their data in its 30 days (issue 35).
    allowClosedAccount: true,
    rest: {
      method: 'POST',
      path: '/v1/account/exports',
      summary:
        "Export the account's data (a ZIP of CSV files and one JSON document, built in the background)",
      description:
        'Answers the export id at once; GET /api/v1/account/exports/{id} tells its progress. The owners get an email when it is ready; the file is kept 7 days.',
      tags: ['account'],
      status: 202,
    },
  })
  .output(ZAccountExportStarted)
  .mutation(({ ctx }) => startOwnerExport(ctx.deps, ctx.session, ctx.ip));
