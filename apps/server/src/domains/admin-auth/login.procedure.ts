import { ZAdminLogin, ZAdminLoginResponse } from '@starloop/contract';
import { publicProcedure } from '../../trpc/init.ts';
import { loginAdmin } from './admin-auth.service.ts';

/** Who: anyone. Email and password in, admin token (12 hours) out. */
export const adminLoginProcedure = publicProcedure
  .input(ZAdminLogin)
  .output(ZAdminLoginResponse)
  .mutation(({ ctx, input }) => loginAdmin(ctx.deps, input, { ip: ctx.ip, userAgent: ctx.userAgent }));
