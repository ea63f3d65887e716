import { router } from '../../trpc/init.ts';

/** Public procedures: review page, leads, business-code check, password links. */
export const publicRouter = router({});
