import { Alert, Badge, Divider, Drawer, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { TOwnerReview } from '@starloop/contract';
import { useQuery } from '@tanstack/react-query';
import { AnchorLink } from '../../../components/router-links.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { errorMessage } from '../shared/use-owner.ts';
import { RatingStars } from './rating-stars.tsx';

/** How often an open review asks again while its reply is being drafted. */
export const REPLY_POLL_MS = 5000;

export const SENTIMENT_COLORS: Record<string, string> = {
  positive: 'green',
  neutral: 'gray',
  negative: 'red',
};

const REPLY_STATUS: Record<string, { label: string; color: string }> = {
  drafted: { label: 'Drafted', color: 'blue' },
  sent: { label: 'Sent', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
};

export interface TReviewDrawerProps {
  /** The row that was clicked (shown at once; the drawer then asks for the latest state). */
  review: TOwnerReview | null;
  /** owner.me's plan is Professional; undefined while it loads. */
  professional: boolean | undefined;
  onClose: () => void;
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <div>{children}</div>
    </div>
  );
}

function SentimentBadge({ review }: { review: TOwnerReview }) {
  if (!review.sentimentLabel) {
    return (
      <Text size="sm" c="dimmed">
        {review.message ? 'Not analysed yet' : 'No message to analyse'}
      </Text>
    );
  }
  return (
    <Badge color={SENTIMENT_COLORS[review.sentimentLabel] ?? 'gray'} variant="light">
      {review.sentimentLabel}
    </Badge>
  );
}

function AutomaticReply({ review }: { review: TOwnerReview }) {
  if (review.replyStatus === 'pending') {
    return (
      <Text size="sm" c="dimmed" role="status">
        Drafting a reply…
      </Text>
    );
  }
  if (review.replyStatus === 'none') {
    return (
      <Text size="sm" c="dimmed">
        {review.message ? 'No automatic reply for this review.' : 'Reviews without a message get no reply.'}
      </Text>
    );
  }
  const status = REPLY_STATUS[review.replyStatus];
  return (
    <Stack gap="xs">
      <Group gap="xs">
        {status ? (
          <Badge color={status.color} variant="light">
            {status.label}
          </Badge>
        ) : null}
        {review.repliedAt ? (
          <Text size="xs" c="dimmed">
            {formatDateTime(review.repliedAt)}
          </Text>
        ) : null}
      </Group>
      {review.replyStatus === 'failed' ? (
        <Text size="sm" c="red.8">
          Reason: {review.replyError || 'The reply could not be sent.'}
        </Text>
      ) : null}
      {review.replyStatus === 'drafted' && !review.customerContact ? (
        <Text size="xs" c="dimmed">
          The customer left no contact details, so this reply is kept here for you.
        </Text>
      ) : null}
      {review.replyText ? (
        <Paper withBorder p="sm" radius="md" bg="gray.0">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {review.replyText}
          </Text>
        </Paper>
      ) : null}
    </Stack>
  );
}

/** One review in full: rating, message, date, contact, sentiment and (Professional) its reply. */
export function ReviewDrawer({ review, professional, onClose }: TReviewDrawerProps) {
  const trpc = useTrpc();
  const detail = useQuery(
    trpc.owner.dashboard.review.queryOptions(
      { id: review?.id ?? 0 },
      {
        enabled: review !== null,
        placeholderData: review ?? undefined,
        // A reply is drafted in the background: keep asking while it is on its way.
        refetchInterval: (query) => (query.state.data?.replyStatus === 'pending' ? REPLY_POLL_MS : false),
      },
    ),
  );
  const shown = detail.data ?? review;

  return (
    <Drawer
      opened={review !== null}
      onClose={onClose}
      position="right"
      size="md"
      title="Review details"
      closeButtonProps={{ 'aria-label': 'Close review details' }}
    >
      {shown ? (
        <Stack gap="md">
          <Field label="Rating">
            <Group gap="xs">
              <RatingStars rating={shown.rating} size="lg" />
              <Text size="sm" c="dimmed">
                {shown.rating} / 5
              </Text>
            </Group>
          </Field>
          <Field label="Message">
            {shown.message ? (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {shown.message}
              </Text>
            ) : (
              <Text size="sm" c="dimmed" fs="italic">
                No message
              </Text>
            )}
          </Field>
          <Field label="Date">
            <Text size="sm">{formatDateTime(shown.createdAt)}</Text>
          </Field>
          <Field label="Customer contact">
            <Text
              size="sm"
              c={shown.customerContact ? undefined : 'dimmed'}
              style={{ overflowWrap: 'anywhere' }}
            >
              {shown.customerContact || 'Not given'}
            </Text>
          </Field>
          <Field label="Sentiment">
            <SentimentBadge review={shown} />
          </Field>
          <Divider />
          <Field label="Automatic reply">
            {professional === undefined ? (
              <Skeleton height={20} width="60%" />
            ) : professional ? (
              <AutomaticReply review={shown} />
            ) : (
              <Text size="sm">
                Automatic replies come with the Professional plan.{' '}
                <AnchorLink to="/dashboard/plan" size="sm">
                  Upgrade to Professional
                </AnchorLink>
              </Text>
            )}
          </Field>
          {detail.isError ? (
            <Alert color="red" variant="light">
              Could not refresh this review. Error: {errorMessage(detail.error)}
            </Alert>
          ) : null}
        </Stack>
      ) : (
        <Skeleton height={200} />
      )}
    </Drawer>
  );
}
