import { defineDetailRoute } from '../../../components/data-table/detail-route.ts';

/*
 * The Requests screen's detail pages: a campaign (`/dashboard/requests/campaigns/12`) and a
 * customer (`/dashboard/requests/contacts/34`). Imported by the route files: no Mantine, no zod.
 */

/** One campaign with its figures per channel. */
export const campaignDetail = defineDetailRoute('campaignId', (trpc, id) =>
  trpc.owner.requests.getCampaign.queryOptions({ id }),
);

/** One customer with every request sent to them. */
export const contactDetail = defineDetailRoute('contactId', (trpc, id) =>
  trpc.owner.requests.contactHistory.queryOptions({ id }),
);
