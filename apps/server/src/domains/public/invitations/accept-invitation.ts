import { ZInvitationAccept, ZOwnerLoginResponse } from '@starloop/contract';
import { publicProcedure } from '../../../trpc/init.ts';
import { acceptInvitation } from '../../owner/account/team.service.ts';

/**
 * Anyone holding an invitation link: a new person gives a name and a password, a phone that
 * already has one its password. Signs the new member in.
 */
export const acceptInvitationOperation = publicProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/v1/invitations/accept',
      summary: 'Accept a team invitation (answers a token and the signed-in user)',
      description:
        '400 for an invalid, used, revoked or expired link; 401 for a wrong password of a known phone.',
      tags: ['account'],
    },
  })
  .input(ZInvitationAccept)
  .output(ZOwnerLoginResponse)
  .mutation(({ ctx, input }) => acceptInvitation(ctx.deps, input, { ip: ctx.ip, userAgent: ctx.userAgent }));
