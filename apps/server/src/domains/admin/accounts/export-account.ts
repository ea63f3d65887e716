import { ZAccountExportStarted, ZAdminIdParam, ZIdInput } from '@starloop/contract';
import { adminActor } from '../../../lib/audit.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { startAdminExport } from '../../owner/account-exports/account-exports.service.ts';

/**
 * Any admin (audited): starts an export of an account's data for its owners. The owners get the
 * email and only they may download the file; the admin gets the export's id.
 */
export const exportAccountOperation = adminProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/admin/accounts/:id/exports',
      params: ZAdminIdParam,
      summary: "Start an export of an account's data for its owners",
      description:
        "404 when the account does not exist. The file is downloadable by the account's owners only.",
      tags: ['admin'],
      status: 202,
    },
  })
  .input(ZIdInput)
  .output(ZAccountExportStarted)
  .mutation(({ ctx, input }) => startAdminExport(ctx.deps, input.id, adminActor(ctx)));
