import { CONTACT_FILTERS, PAGE_SIZE } from '@starloop/contract';
import { definePagedList, definePagedRoute } from '../../../components/data-table/paged-list.ts';
import { choiceField } from '../../../lib/search-params.ts';

/*
 * The Requests screen's state in the URL: the open tab, the customers' page, search and filter
 * (`?page=2&search=asha&filter=opted-out`) and the campaigns' page (`?tab=campaigns&campaignsPage=2`).
 * Imported by the route file: no Mantine, no zod (see lib/search-params.ts).
 */

/** Rows a page, in both lists. */
export const REQUESTS_PAGE_SIZE = PAGE_SIZE.ownerRequests;

/** The customers' filter values: the contract's CONTACT_FILTERS (its zod-free constants). */
export const CONTACT_FILTER_VALUES = CONTACT_FILTERS;

export const REQUEST_TABS = ['customers', 'campaigns', 'settings'] as const;
export type TRequestTab = (typeof REQUEST_TABS)[number];

/** The customers: page, search and filter ('all' unless chosen, always sent) under their plain names. */
export const contactsList = definePagedList(
  (trpc, input) => trpc.owner.requests.listContacts.queryOptions(input),
  { limit: REQUESTS_PAGE_SIZE, filters: { filter: choiceField(CONTACT_FILTER_VALUES, 'all') } },
);

/** The campaigns, newest first: only their page (`campaignsPage`), no search. */
export const campaignsList = definePagedList(
  (trpc, { page, limit }) => trpc.owner.requests.listCampaigns.queryOptions({ page, limit }),
  { limit: REQUESTS_PAGE_SIZE, prefix: 'campaigns' },
);

/** The route's params (the tab, default 'customers', and both lists'); it preloads the open tab's list. */
export const requestsRoute = definePagedRoute([contactsList, campaignsList], {
  params: { tab: choiceField(REQUEST_TABS, 'customers') },
  load: ({ tab }) => (tab === 'customers' ? [contactsList] : tab === 'campaigns' ? [campaignsList] : []),
});
