import { ZAccountExportIdInput, ZAccountExportIdParam, ZAccountExportStatus } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { getOwnerExport } from './account-exports.service.ts';

/** The account's owners only: an export's state and progress, its download path once ready; else 404. */
export const getAccountExportOperation = ownerProcedure('account')
  .meta({
    // A closed account's owners export their data in its 30 days (issue 35).
    allowClosedAccount: true,
    rest: {
      method: 'GET',
      path: '/v1/account/exports/:id',
      params: ZAccountExportIdParam,
      summary: 'An export of the account: running, ready (with its download URL) or failed',
      description: '404 for an export of another account.',
      tags: ['account'],
    },
  })
  .input(ZAccountExportIdInput)
  .output(ZAccountExportStatus)
  .query(({ ctx, input }) => getOwnerExport(ctx.deps, ctx.session, input.id));
