import { ZAccountMembersAnswer } from '@starloop/contract';
import { accountProcedure } from '../../../trpc/init.ts';
import { listTeam } from './team.service.ts';

/** The account's owners (or an API key): its people with roles and branches, and open invitations. */
export const listMembersOperation = accountProcedure('account')
  .meta({
    rest: {
      method: 'GET',
      path: '/v1/account/members',
      summary: "The account's people, their roles and branches, and the invitations still open",
      tags: ['account'],
    },
  })
  .output(ZAccountMembersAnswer)
  .query(({ ctx }) => listTeam(ctx.deps, ctx.session));
