import { PAGE_SIZE, REVIEW_SOURCES } from '@starloop/contract';
import { definePagedList } from '../../../components/data-table/paged-list.ts';
import { choiceField } from '../../../lib/search-params.ts';

/** Review sources the list filters by (absent: every source): the contract's, from its zod-free constants. */
export const REVIEW_SOURCE_VALUES = REVIEW_SOURCES;

/** 'Recent Reviews' of the owner's dashboard: page, search and source in the URL, 5 a page from the server. */
export const ownerReviewsList = definePagedList(
  (trpc, input) => trpc.owner.dashboard.reviews.queryOptions(input),
  { limit: PAGE_SIZE.ownerReviews, filters: { source: choiceField(REVIEW_SOURCE_VALUES) } },
);
