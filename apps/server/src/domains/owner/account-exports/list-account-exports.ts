import { ZAccountExportList } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { listOwnerExports } from './account-exports.service.ts';

/** The account's owners only: the account's recent exports, newest first (Settings > Export your data). */
export const listAccountExportsOperation = ownerProcedure('account')
  .meta({
    // A closed account's owners export their data in its 30 days (issue 35).
    allowClosedAccount: true,
    rest: {
      method: 'GET',
      path: '/v1/account/exports',
      summary: "The account's recent data exports, newest first",
      tags: ['account'],
    },
  })
  .output(ZAccountExportList)
  .query(({ ctx }) => listOwnerExports(ctx.deps, ctx.session));
