import { Skeleton, Table, Text, UnstyledButton } from '@mantine/core';
import type { TOwnerReview } from '@starloop/contract';
import { fill } from '@starloop/review-page';
import { formatDate } from '../../../lib/format.ts';
import { useFirstViewMessages } from '../../../lib/owner-i18n/owner-i18n.tsx';
import { MessagePreview } from '../shared/message-preview.tsx';
import { RatingStars } from './rating-stars.tsx';
import classes from './recent-reviews.module.css';
import { SourceBadge } from './recent-reviews.tsx';

export interface TReviewTableProps {
  rows: readonly TOwnerReview[];
  loading: boolean;
  /** The row number of the page's first review, less one. */
  firstIndex: number;
  withSources: boolean;
  searching: boolean;
  onOpen: (review: TOwnerReview) => void;
}

/** Recent Reviews as the spec's table (Sr.no, Rating, Message, Date; Source once Google is in). */
export function ReviewTable({
  rows,
  loading,
  firstIndex,
  withSources,
  searching,
  onOpen,
}: TReviewTableProps) {
  const t = useFirstViewMessages().dashboard.reviews;
  const columns = withSources ? 5 : 4;
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={64}>{t.srNo}</Table.Th>
            <Table.Th w={120}>{t.rating}</Table.Th>
            <Table.Th>{t.message}</Table.Th>
            <Table.Th w={120}>{t.date}</Table.Th>
            {withSources ? <Table.Th w={90}>{t.sourceColumn}</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading
            ? Array.from({ length: 3 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton rows
                <Table.Tr key={i} data-testid="review-skeleton">
                  <Table.Td colSpan={columns}>
                    <Skeleton height={20} />
                  </Table.Td>
                </Table.Tr>
              ))
            : rows.map((review, index) => (
                <Table.Tr
                  key={`${review.source ?? 'qr'}-${review.id}`}
                  className={classes.row}
                  onClick={() => onOpen(review)}
                >
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
                      aria-label={fill(t.open, { n: firstIndex + index + 1 })}
                    >
                      <MessagePreview message={review.message} empty={t.noMessage} max={140} lines={2} />
                    </UnstyledButton>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(review.createdAt)}</Table.Td>
                  {withSources ? (
                    <Table.Td>
                      <SourceBadge review={review} />
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
          {!loading && rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns}>
                <Text ta="center" c="dimmed" pt="md" pb={searching ? 'md' : 0}>
                  {searching ? t.noneFound : t.none}
                </Text>
                {searching ? null : (
                  <Text ta="center" size="sm" c="dimmed" pb="md">
                    {t.noneHint}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ) : null}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
