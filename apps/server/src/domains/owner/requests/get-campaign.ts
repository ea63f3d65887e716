import { ZCampaignDetail, ZCampaignId } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { getCampaign } from './campaigns.service.ts';

/** The signed-in owner. One of their campaigns with its figures per channel (404 for another owner's). */
export const getCampaignOperation = ownerProcedure('manage')
  .input(ZCampaignId)
  .output(ZCampaignDetail)
  .query(({ ctx, input }) => getCampaign(ctx.deps, ctx.session.owner, input.id));
