import { router } from '../../trpc/init.ts';

/** Owner reply templates (Professional plan). */
export const replyTemplatesRouter = router({});
