import { ZCampaignCreate, ZCampaignCreated } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { createCampaign } from './campaigns.service.ts';

/** The signed-in owner. A campaign to their chosen customers, now or scheduled, with an optional reminder. */
export const createCampaignOperation = ownerProcedure('manage')
  .input(ZCampaignCreate)
  .output(ZCampaignCreated)
  .mutation(({ ctx, input }) => createCampaign(ctx.deps, ctx.session.owner, input));
