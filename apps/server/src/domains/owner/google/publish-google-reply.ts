import { ZGooglePublishReply, ZOwnerReview } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { publishGoogleReply } from './google.service.ts';

/** The signed-in owner, for its own Google review (another owner's id is a 404). Publishes the reply once. */
export const publishGoogleReplyOperation = ownerProcedure('manage')
  .input(ZGooglePublishReply)
  .output(ZOwnerReview)
  .mutation(({ ctx, input }) => publishGoogleReply(ctx.deps, ctx.session.owner.id, input));
