import { ZInvitationCreate, ZInvitationCreated } from '@starloop/contract';
import { accountProcedure } from '../../../trpc/init.ts';
import { inviteMember } from './team.service.ts';

/**
 * The account's owners (or an API key), on Professional: invites a manager or staff member by
 * phone (and email). The answer carries the link to share; it works once, for 7 days.
 */
export const inviteMemberOperation = accountProcedure('account')
  .meta({
    rest: {
      method: 'POST',
      path: '/v1/account/invitations',
      summary: 'Invite a manager or staff member (answers the link to share)',
      description:
        '403 on Essential; 409 when the phone is already in the team; 400 for branches of another account.',
      tags: ['account'],
      status: 201,
    },
  })
  .input(ZInvitationCreate)
  .output(ZInvitationCreated)
  .mutation(({ ctx, input }) => inviteMember(ctx.deps, ctx.session, input, { ip: ctx.ip }));
