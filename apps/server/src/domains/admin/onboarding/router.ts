import { router } from '../../../trpc/init.ts';
import { createOnboardingProcedure } from './create.procedure.ts';

/** Admin onboarding of customers: admin.onboarding.create (code checks use public.businessCode.check). */
export const adminOnboardingRouter = router({
  create: createOnboardingProcedure,
});
