import { router } from '../../trpc/init.ts';
import { adminLoginProcedure } from './login.procedure.ts';
import { adminLogoutProcedure } from './logout.procedure.ts';
import { adminMeProcedure } from './me.procedure.ts';

export const adminAuthRouter = router({
  login: adminLoginProcedure,
  logout: adminLogoutProcedure,
  me: adminMeProcedure,
});
