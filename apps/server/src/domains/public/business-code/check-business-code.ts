import { ZBusinessCodeCheck, ZReviewLinkInput } from '@starloop/contract';
import { publicProcedure } from '../../../trpc/init.ts';
import { checkBusinessCode } from './business-code.service.ts';

/** Anyone (registration) and admins (onboarding). Whether a business code is free. */
export const checkBusinessCodeOperation = publicProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/users/code-available/:code',
      summary: 'Whether a business code is free',
      tags: ['registration'],
    },
  })
  .input(ZReviewLinkInput)
  .output(ZBusinessCodeCheck)
  .query(({ ctx, input }) => checkBusinessCode(ctx.deps, input.code));
