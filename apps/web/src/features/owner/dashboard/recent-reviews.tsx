import {
  Badge,
  Box,
  Group,
  Pagination,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { PAGE_SIZE, REVIEW_SOURCE_LABELS, TIMINGS, type TOwnerReview } from '@starloop/contract';
import { fill } from '@starloop/review-page';
import { lazy, Suspense } from 'react';
import { SearchBox } from '../../../components/data-table/search-box.tsx';
import { usePagedList } from '../../../components/data-table/use-paged-list.ts';
import { SectionCard } from '../../../components/section-card/section-card.tsx';
import { formatDate } from '../../../lib/format.ts';
import { enFirst } from '../../../lib/owner-i18n/en-first.ts';
import { useFirstViewMessages } from '../../../lib/owner-i18n/owner-i18n.tsx';
import { useGoogleStatus } from '../google/use-google-status.ts';
import { LoadError } from '../shared/load-error.tsx';
import { MessagePreview } from '../shared/message-preview.tsx';
import { ownerReviewsList } from './owner-reviews-list.ts';
import { RatingStars } from './rating-stars.tsx';
import classes from './recent-reviews.module.css';

// The table is a desktop's: a phone lists cards and does not download it (issue 34 item 7).
const ReviewTable = lazy(() =>
  import('./recent-reviews-table.tsx').then((m) => ({ default: m.ReviewTable })),
);

export const OWNER_REVIEWS_PAGE_SIZE = PAGE_SIZE.ownerReviews;
/** How long the search box waits for typing to pause before asking the server. */
export const SEARCH_DEBOUNCE_MS = TIMINGS.agentSearchDebounce;

/** Under 'No reviews available.': what brings the first one (English; the catalog's). */
export const NO_REVIEWS_HINT = enFirst.dashboard.reviews.noneHint;

export interface TRecentReviewsProps {
  onOpen: (review: TOwnerReview) => void;
  /** 'cards' on a phone (no table wider than the screen); 'table' by default. */
  layout?: 'table' | 'cards';
}

/** QR or Google, shown beside each review once the owner's Google reviews are in. */
export function SourceBadge({ review }: { review: TOwnerReview }) {
  const source = review.source ?? 'qr';
  return (
    <Badge size="sm" variant="light" color={source === 'google' ? 'blue' : 'gray'}>
      {REVIEW_SOURCE_LABELS[source]}
    </Badge>
  );
}

/** 'Recent Reviews': Sr.no, Rating, Message, Date; searched and paged by the server, 5 a page. */
export function RecentReviews({ onOpen, layout = 'table' }: TRecentReviewsProps) {
  const t = useFirstViewMessages().dashboard.reviews;
  const list = usePagedList(ownerReviewsList);
  const { query: reviews, search: params } = list;
  const { page } = params;
  const searching = params.search.trim() !== '' || params.source !== undefined;
  // The source column and filter appear once the owner has connected Google.
  const google = useGoogleStatus();
  const withSources = Boolean(google.data?.enabled && google.data.status !== 'not_connected');

  const rows = reviews.data?.reviews ?? [];
  const totalPages = reviews.data?.meta.totalPages ?? 0;
  const firstIndex = ((reviews.data?.meta.page ?? page) - 1) * OWNER_REVIEWS_PAGE_SIZE;

  return (
    <SectionCard
      titleId="recent-reviews-title"
      title={t.title}
      aside={
        // A new search goes back to page 1 (spec section 4).
        <SearchBox
          label={t.search}
          placeholder={t.searchPlaceholder}
          value={params.search}
          onChange={list.setSearch}
          debounceMs={SEARCH_DEBOUNCE_MS}
          maxWidth={280}
          bare
        />
      }
      headerProps={{ align: 'flex-end', wrap: 'wrap', gap: 'sm' }}
      gap="md"
    >
      {withSources ? (
        <SegmentedControl
          mb="sm"
          size="xs"
          aria-label={t.source}
          value={params.source ?? 'all'}
          onChange={(value) =>
            list.setFilter('source', value === 'all' ? undefined : (value as 'qr' | 'google'))
          }
          data={[
            { value: 'all', label: t.allSources },
            { value: 'qr', label: 'QR' },
            { value: 'google', label: 'Google' },
          ]}
        />
      ) : null}

      {reviews.isError && !reviews.data ? (
        <LoadError title={t.loadFailed} query={reviews} />
      ) : (
        <Box
          className={classes.tableWrap}
          data-stale={reviews.isPlaceholderData || undefined}
          aria-busy={reviews.isFetching || undefined}
        >
          {layout === 'cards' ? (
            <ReviewCards
              rows={rows}
              loading={reviews.isPending}
              firstIndex={firstIndex}
              withSources={withSources}
              empty={searching ? t.noneFound : t.none}
              hint={searching ? undefined : t.noneHint}
              onOpen={onOpen}
            />
          ) : (
            <Suspense fallback={<Skeleton height={240} radius="md" data-testid="review-skeleton" />}>
              <ReviewTable
                rows={rows}
                loading={reviews.isPending}
                firstIndex={firstIndex}
                withSources={withSources}
                searching={searching}
                onOpen={onOpen}
              />
            </Suspense>
          )}
        </Box>
      )}

      {totalPages > 1 ? (
        <Group justify="center" mt="md">
          <Pagination
            total={totalPages}
            value={Math.min(page, totalPages)}
            onChange={list.setPage}
            siblings={1}
            boundaries={1}
            getItemProps={(item) => ({ 'aria-label': fill(t.page, { n: item }) })}
            getControlProps={(control) => ({ 'aria-label': t[control] })}
          />
        </Group>
      ) : null}
    </SectionCard>
  );
}

interface TReviewCardsProps {
  rows: readonly TOwnerReview[];
  loading: boolean;
  firstIndex: number;
  withSources: boolean;
  empty: string;
  hint: string | undefined;
  onOpen: (review: TOwnerReview) => void;
}

/** The reviews as cards on a phone: stars and date on top, the message under them, a tap opens it. */
function ReviewCards({ rows, loading, firstIndex, withSources, empty, hint, onOpen }: TReviewCardsProps) {
  const t = useFirstViewMessages().dashboard.reviews;
  if (loading)
    return (
      <Stack gap="xs">
        {Array.from({ length: 3 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton cards
          <Skeleton key={i} height={64} radius="md" data-testid="review-skeleton" />
        ))}
      </Stack>
    );
  if (rows.length === 0)
    return (
      <Stack gap={4} py="md" align="center">
        <Text ta="center" c="dimmed">
          {empty}
        </Text>
        {hint ? (
          <Text ta="center" size="sm" c="dimmed">
            {hint}
          </Text>
        ) : null}
      </Stack>
    );
  return (
    <Stack gap="xs" component="ul" className={classes.cards}>
      {rows.map((review, index) => (
        <li key={`${review.source ?? 'qr'}-${review.id}`}>
          <UnstyledButton
            className={classes.card}
            onClick={() => onOpen(review)}
            aria-label={fill(t.open, { n: firstIndex + index + 1 })}
          >
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <RatingStars rating={review.rating} size="sm" />
              <Group gap={6} wrap="nowrap">
                {withSources ? <SourceBadge review={review} /> : null}
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(review.createdAt)}
                </Text>
              </Group>
            </Group>
            <MessagePreview
              message={review.message}
              empty={t.noMessage}
              max={200}
              lines={3}
              mt={4}
              className={review.message ? classes.cardMessage : undefined}
            />
          </UnstyledButton>
        </li>
      ))}
    </Stack>
  );
}
