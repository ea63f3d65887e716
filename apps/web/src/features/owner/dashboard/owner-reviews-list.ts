import { PAGE_SIZE } from '@starloop/contract';
import { definePagedList } from '../../../components/data-table/paged-list.ts';
import { choiceField } from '../../../lib/search-params.ts';

/** Review sources the list filters by (absent: every source). Kept here: route files load no zod. */
export const REVIEW_SOURCE_VALUES = ['qr', 'google'] as const;

/** 'Recent Reviews' of the owner's dashboard: page, search and source in the URL, 5 a page from the server. */
export const ownerReviewsList = definePagedList(
  (trpc, input) => trpc.owner.dashboard.reviews.queryOptions(input),
  { limit: PAGE_SIZE.ownerReviews, filters: { source: choiceField(REVIEW_SOURCE_VALUES) } },
);
