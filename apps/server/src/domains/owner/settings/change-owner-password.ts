import { ZChangePassword, ZMessageResult } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { changeOwnerPassword } from './settings.service.ts';

/** The signed-in person, for themselves. Other devices are signed out; this one stays signed in. */
export const changeOwnerPasswordOperation = ownerProcedure('read')
  .input(ZChangePassword)
  .output(ZMessageResult)
  .mutation(({ ctx, input }) =>
    changeOwnerPassword(
      ctx.deps,
      { personId: ctx.session.person.id, sessionId: ctx.session.sessionId, ip: ctx.ip },
      input,
    ),
  );
