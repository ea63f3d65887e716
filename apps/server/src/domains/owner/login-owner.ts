import { ZOwnerLogin, ZOwnerLoginResponse } from '@starloop/contract';
import { publicProcedure } from '../../trpc/init.ts';
import { loginOwner } from './auth/owner-auth.service.ts';

/** Anyone. Phone and password in, owner token out. */
export const loginOwnerOperation = publicProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/users/login',
      summary: 'Owner sign-in by phone and password',
      tags: ['owner'],
    },
  })
  .input(ZOwnerLogin)
  .output(ZOwnerLoginResponse)
  .mutation(({ ctx, input }) => loginOwner(ctx.deps, input, { ip: ctx.ip, userAgent: ctx.userAgent }));
