import { ZOnboardingRequest, ZOnboardingResult } from '@starloop/contract';
import { adminProcedure } from '../../../trpc/init.ts';
import { onboardCustomers } from './onboarding.service.ts';

/**
 * Who: any signed-in admin. The Onboard User wizard's 'Complete Onboarding': 1 to 10 branches and
 * one payment, all or nothing. Errors name the branch ('Customer 2: …', field `branches.1.code`).
 */
export const createOnboardingProcedure = adminProcedure
  .input(ZOnboardingRequest)
  .output(ZOnboardingResult)
  .mutation(({ ctx, input }) => onboardCustomers(ctx.deps, input, ctx.session.admin));
