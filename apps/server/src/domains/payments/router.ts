import { router } from '../../trpc/init.ts';

/** Registration payments: initiate, verify, test gateway. */
export const paymentsRouter = router({});
