import { ZOwnerLogin, ZOwnerLoginResponse } from '@starloop/contract';
import { publicProcedure } from '../../trpc/init.ts';
import { loginOwner } from './owner-auth.service.ts';

/** Who: anyone. Phone and password in, owner token out. */
export const loginProcedure = publicProcedure
  .input(ZOwnerLogin)
  .output(ZOwnerLoginResponse)
  .mutation(({ ctx, input }) => loginOwner(ctx.deps, input, { ip: ctx.ip, userAgent: ctx.userAgent }));
