import { ZOnboarding, ZOnboardingRequest, ZOnboardingResult } from '@starloop/contract';
import { adminActor } from '../../../lib/audit.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { onboardCustomers } from './onboarding.service.ts';

/**
 * Any signed-in admin. The Onboard User wizard's 'Complete Onboarding': 1 to 10 branches and one
 * payment, all or nothing. Errors name the branch ('Customer 2: …', field `branches.1.code`).
 */
export const createOnboardingOperation = adminProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/admin/onboard',
      summary:
        'Onboard 1 to 10 branches with one manual payment, all or nothing; answers one set-password link per owner',
      tags: ['admin', 'onboarding'],
      status: 201,
      // ZOnboardingRequest renames ZOnboarding's errors in a z.custom step JSON Schema cannot spell.
      documentedInput: ZOnboarding,
    },
  })
  .input(ZOnboardingRequest)
  .output(ZOnboardingResult)
  .mutation(({ ctx, input }) => onboardCustomers(ctx.deps, input, adminActor(ctx)));
