import { ZAccountClose, ZAccountCloseResult } from '@starloop/contract';
import { accountProcedure } from '../../../trpc/init.ts';
import { closeAccountByOwner } from './account-closure.service.ts';

/**
 * An owner of the account, signed in (not an API key), with their password: closes the account.
 * Review pages show the closed page at once; the owners may sign in for 30 days to export; then
 * the data is erased.
 */
export const closeAccountOperation = accountProcedure('account')
  .meta({
    person: true,
    rest: {
      method: 'POST',
      path: '/v1/account/close',
      summary: 'Close the account (confirmed by password); its data is erased after 30 days',
      description:
        'Only an owner of the account, signed in. 400 for a wrong password, 409 when closed already.',
      tags: ['account'],
    },
  })
  .input(ZAccountClose)
  .output(ZAccountCloseResult)
  .mutation(({ ctx, input }) => closeAccountByOwner(ctx.deps, ctx.session, input, { ip: ctx.ip }));
