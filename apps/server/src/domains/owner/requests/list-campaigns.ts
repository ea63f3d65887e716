import { ZCampaignList, ZCampaignListQuery } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { listCampaigns } from './campaigns.service.ts';

/** The signed-in owner. Their own campaigns, newest first, with their figures. */
export const listCampaignsOperation = ownerProcedure('manage')
  .input(ZCampaignListQuery)
  .output(ZCampaignList)
  .query(({ ctx, input }) => listCampaigns(ctx.deps, ctx.session.owner, input));
