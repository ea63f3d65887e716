import { ZGoogleReplyRules, ZGoogleStatus } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { updateGoogleReplyRules } from './google.service.ts';

/** The signed-in owner, for itself. Auto-publish or "ask me" per star rating. */
export const updateGoogleReplyRulesOperation = ownerProcedure('manage')
  .input(ZGoogleReplyRules)
  .output(ZGoogleStatus)
  .mutation(({ ctx, input }) => updateGoogleReplyRules(ctx.deps, ctx.session.owner.id, input));
