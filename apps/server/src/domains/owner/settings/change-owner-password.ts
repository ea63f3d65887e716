import { ZChangePassword, ZMessageResult } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { changeOwnerPassword } from './settings.service.ts';

/** The signed-in owner, for itself. Other devices are signed out; this one stays signed in. */
export const changeOwnerPasswordOperation = ownerProcedure
  .input(ZChangePassword)
  .output(ZMessageResult)
  .mutation(({ ctx, input }) =>
    changeOwnerPassword(
      ctx.deps,
      { ownerId: ctx.session.owner.id, sessionId: ctx.session.sessionId, ip: ctx.ip },
      input,
    ),
  );
