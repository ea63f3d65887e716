import { ZBusinessCodeCheck, ZReviewLinkInput } from '@starloop/contract';
import { publicProcedure } from '../../trpc/init.ts';
import { checkBusinessCode } from './public.service.ts';

/** Who: anyone (registration) and admins (onboarding). Whether a business code is free. */
export const businessCodeCheckProcedure = publicProcedure
  .input(ZReviewLinkInput)
  .output(ZBusinessCodeCheck)
  .query(({ ctx, input }) => checkBusinessCode(ctx.deps, input.code));
