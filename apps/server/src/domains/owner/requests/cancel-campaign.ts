import { ZCampaignId, ZMessageResult } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { cancelCampaign } from './campaigns.service.ts';

/** The signed-in owner. Stops their campaign's requests not yet sent (409 once sent, 404 for another owner's). */
export const cancelCampaignOperation = ownerProcedure('manage')
  .input(ZCampaignId)
  .output(ZMessageResult)
  .mutation(({ ctx, input }) => cancelCampaign(ctx.deps, ctx.session.owner, input.id));
