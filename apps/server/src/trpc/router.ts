import { adminAuthRouter } from '../domains/admin-auth/router.ts';
import { ownerAuthRouter } from '../domains/owner-auth/router.ts';
import { systemRouter } from '../domains/system/router.ts';
import { router } from './init.ts';

export const appRouter = router({
  system: systemRouter,
  owner: ownerAuthRouter,
  admin: router({ auth: adminAuthRouter }),
});

/** The one type the web app imports from the server. */
export type AppRouter = typeof appRouter;
