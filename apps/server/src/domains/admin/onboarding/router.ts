import { router } from '../../../trpc/init.ts';

/** Admin onboarding. */
export const adminOnboardingRouter = router({});
