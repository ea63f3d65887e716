import { createFileRoute } from '@tanstack/react-router';
import { CampaignScreen } from '../../../../features/owner/requests/campaign-screen.tsx';
import { titleHead } from '../../../../lib/page-title.ts';

export const Route = createFileRoute('/_app/dashboard/requests/campaigns/$campaignId')({
  head: titleHead('Campaign'),
  component: function CampaignRoute() {
    const { campaignId } = Route.useParams();
    return <CampaignScreen campaignId={Number(campaignId)} />;
  },
});
