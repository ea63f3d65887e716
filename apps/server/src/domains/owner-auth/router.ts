import { router } from '../../trpc/init.ts';
import { loginProcedure } from './login.procedure.ts';
import { logoutProcedure } from './logout.procedure.ts';
import { meProcedure } from './me.procedure.ts';

export const ownerAuthRouter = router({
  login: loginProcedure,
  logout: logoutProcedure,
  me: meProcedure,
});
