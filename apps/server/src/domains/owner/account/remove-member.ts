import { ZMemberRemove, ZMessageResult, ZPersonIdParam } from '@starloop/contract';
import { accountProcedure } from '../../../trpc/init.ts';
import { removeTeamMember } from './team.service.ts';

/** The account's owners (or an API key): removes a person; their sessions end at once. */
export const removeMemberOperation = accountProcedure('account')
  .meta({
    rest: {
      method: 'DELETE',
      path: '/v1/account/members/:personId',
      params: ZPersonIdParam,
      summary: 'Remove a team member (their sessions end at once)',
      description: '409 for the last owner.',
      tags: ['account'],
    },
  })
  .input(ZMemberRemove)
  .output(ZMessageResult)
  .mutation(({ ctx, input }) => removeTeamMember(ctx.deps, ctx.session, input.personId, { ip: ctx.ip }));
