import { createFileRoute } from '@tanstack/react-router';
import { CampaignScreen } from '../../../../features/owner/requests/campaign-screen.tsx';
import { campaignDetail } from '../../../../features/owner/requests/request-details.ts';
import { titleHead } from '../../../../lib/page-title.ts';

export const Route = createFileRoute('/_app/dashboard/requests/campaigns/$campaignId')({
  head: titleHead('Campaign'),
  ...campaignDetail.route,
  component: function CampaignRoute() {
    const { campaignId } = Route.useParams();
    return <CampaignScreen campaignId={campaignId} />;
  },
});
