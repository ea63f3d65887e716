import { ZAccountMember, ZMemberUpdate, ZPersonIdParam } from '@starloop/contract';
import { accountProcedure } from '../../../trpc/init.ts';
import { updateTeamMember } from './team.service.ts';

/** The account's owners (or an API key): a member's role or branches; the last owner stays one. */
export const updateMemberOperation = accountProcedure('account')
  .meta({
    rest: {
      method: 'PATCH',
      path: '/v1/account/members/:personId',
      params: ZPersonIdParam,
      summary: "Change a team member's role or branches",
      description: '409 when it would leave the account without an owner.',
      tags: ['account'],
    },
  })
  .input(ZMemberUpdate)
  .output(ZAccountMember)
  .mutation(({ ctx, input }) => updateTeamMember(ctx.deps, ctx.session, input, { ip: ctx.ip }));
