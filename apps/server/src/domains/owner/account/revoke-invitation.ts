import { ZIdInput, ZMessageResult } from '@starloop/contract';
import { accountProcedure } from '../../../trpc/init.ts';
import { revokeTeamInvitation } from './team.service.ts';

/** The account's owners: an invitation not yet accepted stops working. */
export const revokeInvitationOperation = accountProcedure('account')
  .input(ZIdInput)
  .output(ZMessageResult)
  .mutation(({ ctx, input }) => revokeTeamInvitation(ctx.deps, ctx.session, input.id, { ip: ctx.ip }));
