import {
  Box,
  Group,
  Pagination,
  Paper,
  Skeleton,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { PAGE_SIZE, TIMINGS, type TOwnerReview } from '@starloop/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate, truncate } from '../../../lib/format.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { LoadError } from '../shared/load-error.tsx';
import { RatingStars } from './rating-stars.tsx';
import classes from './recent-reviews.module.css';

export const OWNER_REVIEWS_PAGE_SIZE = PAGE_SIZE.ownerReviews;
/** How long the search box waits for typing to pause before asking the server. */
export const SEARCH_DEBOUNCE_MS = TIMINGS.agentSearchDebounce;

const CONTROL_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

export interface TRecentReviewsProps {
  onOpen: (review: TOwnerReview) => void;
}

/** 'Recent Reviews': Sr.no, Rating, Message, Date; searched and paged by the server, 5 a page. */
export function RecentReviews({ onOpen }: TRecentReviewsProps) {
  const trpc = useTrpc();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);

  const reviews = useQuery(
    trpc.owner.dashboard.reviews.queryOptions(
      { page, limit: OWNER_REVIEWS_PAGE_SIZE, ...(debounced ? { search: debounced } : {}) },
      { placeholderData: keepPreviousData },
    ),
  );

  const rows = reviews.data?.reviews ?? [];
  const totalPages = reviews.data?.meta.totalPages ?? 0;
  const firstIndex = ((reviews.data?.meta.page ?? page) - 1) * OWNER_REVIEWS_PAGE_SIZE;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="recent-reviews-title">
      <Group justify="space-between" align="flex-end" mb="md" wrap="wrap" gap="sm">
        <Title order={2} size="h4" id="recent-reviews-title">
          Recent Reviews
        </Title>
        <TextInput
          label="Search reviews"
          placeholder="Search by message or contact"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            // Changing the search resets to page 1 (spec section 4).
            setPage(1);
          }}
          w={{ base: '100%', xs: 280 }}
          type="search"
        />
      </Group>

      {reviews.isError && !reviews.data ? (
        <LoadError
          title="Failed to load reviews"
          error={reviews.error}
          onRetry={() => void reviews.refetch()}
          retrying={reviews.isFetching}
        />
      ) : (
        <Box
          className={classes.tableWrap}
          data-stale={reviews.isPlaceholderData || undefined}
          aria-busy={reviews.isFetching || undefined}
        >
          <Table.ScrollContainer minWidth={480}>
            <Table highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={64}>Sr.no</Table.Th>
                  <Table.Th w={120}>Rating</Table.Th>
                  <Table.Th>Message</Table.Th>
                  <Table.Th w={120}>Date</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {reviews.isPending
                  ? Array.from({ length: 3 }, (_, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton rows
                      <Table.Tr key={i} data-testid="review-skeleton">
                        <Table.Td colSpan={4}>
                          <Skeleton height={20} />
                        </Table.Td>
                      </Table.Tr>
                    ))
                  : rows.map((review, index) => (
                      <Table.Tr key={review.id} className={classes.row} onClick={() => onOpen(review)}>
                        <Table.Td>{firstIndex + index + 1}</Table.Td>
                        <Table.Td>
                          <RatingStars rating={review.rating} size="sm" />
                        </Table.Td>
                        <Table.Td>
                          <UnstyledButton
                            className={classes.messageButton}
                            onClick={(event) => {
                              event.stopPropagation();
                              onOpen(review);
                            }}
                            aria-label={`Open review ${firstIndex + index + 1}`}
                          >
                            {review.message ? (
                              <Text size="sm" lineClamp={2}>
                                {truncate(review.message, 140)}
                              </Text>
                            ) : (
                              <Text size="sm" c="dimmed" fs="italic">
                                No message
                              </Text>
                            )}
                          </UnstyledButton>
                        </Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(review.createdAt)}</Table.Td>
                      </Table.Tr>
                    ))}
                {!reviews.isPending && rows.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={4}>
                      <Text ta="center" c="dimmed" py="md">
                        {debounced ? 'No reviews found matching your search.' : 'No reviews available.'}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : null}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Box>
      )}

      {totalPages > 1 ? (
        <Group justify="center" mt="md">
          <Pagination
            total={totalPages}
            value={Math.min(page, totalPages)}
            onChange={setPage}
            siblings={1}
            boundaries={1}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
            getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
          />
        </Group>
      ) : null}
    </Paper>
  );
}
