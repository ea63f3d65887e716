import { router } from '../../trpc/init.ts';

/** Owner subscription plan: current period, history, renew, upgrade. */
export const ownerPlanRouter = router({});
