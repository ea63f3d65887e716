import { Alert, Badge, Divider, Drawer, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import {
  PLANS,
  SENTIMENT_LANGUAGE_NOTE,
  sentimentReadsText,
  type TOwnerReview,
  type TPlan,
} from '@starloop/contract';
import { useQuery } from '@tanstack/react-query';
import { LabelledValue } from '../../../components/labelled-value/labelled-value.tsx';
import { AnchorLink } from '../../../components/router-links.tsx';
import { anyMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { GoogleReplyPanel } from '../google/google-reply-panel.tsx';
import { REPLY_STATUS, ReplyStatusLine } from '../shared/reply-status-line.tsx';
import { RatingStars } from './rating-stars.tsx';
import { ContactLinks, ReviewCasePanel } from './review-case-panel.tsx';
import { ReviewReplyBox, replyBoxShown } from './review-reply-box.tsx';

/** How often an open review asks again while its reply is being drafted. */
export const REPLY_POLL_MS = 5000;

export const SENTIMENT_COLORS: Record<string, string> = {
  positive: 'green',
  neutral: 'gray',
  negative: 'red',
};

export interface TReviewDrawerProps {
  /** The row that was clicked (shown at once; the drawer then asks for the latest state). */
  review: TOwnerReview | null;
  /** owner.me's plan (its automatic reply); undefined while it loads. */
  plan: TPlan | undefined;
  onClose: () => void;
}

function SentimentBadge({ review }: { review: TOwnerReview }) {
  if (!review.sentimentLabel) {
    return (
      <Text size="sm" c="dimmed">
        {review.message ? 'Not analysed yet' : 'No message to analyse'}
      </Text>
    );
  }
  const badge = (
    <Badge color={SENTIMENT_COLORS[review.sentimentLabel] ?? 'gray'} variant="light">
      {review.sentimentLabel}
    </Badge>
  );
  // Tamil, Telugu, Bengali, Gujarati, Kannada...: the label comes from the stars, and we say so.
  if (!review.message || sentimentReadsText(review.message)) return badge;
  return (
    <Stack gap={4} align="flex-start">
      {badge}
      <Text size="xs" c="dimmed">
        {SENTIMENT_LANGUAGE_NOTE}
      </Text>
    </Stack>
  );
}

function AutomaticReply({
  review,
  plan,
  mayReply,
}: {
  review: TOwnerReview;
  plan: TPlan;
  mayReply: boolean;
}) {
  if (review.replyStatus === 'pending' && plan.autoReply.style === 'standard') {
    return (
      <Text size="sm" c="dimmed" role="status">
        A standard thank-you reply goes out {plan.autoReply.within} of the review. Professional replies{' '}
        {PLANS.professional.autoReply.within}, in your own words.{' '}
        <AnchorLink to="/dashboard/plan" size="sm">
          Upgrade to Professional
        </AnchorLink>
      </Text>
    );
  }
  if (review.replyStatus === 'pending') {
    return (
      <Text size="sm" c="dimmed" role="status">
        Drafting a reply…
      </Text>
    );
  }
  if (review.replyStatus === 'none') {
    return (
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {review.message ? 'No automatic reply for this review.' : 'Reviews without a message get no reply.'}
        </Text>
        {/* Professional owners may still write one where the customer can be reached. */}
        {replyBoxShown(review, plan, mayReply) ? (
          <ReviewReplyBox review={review} plan={plan} mayReply={mayReply} />
        ) : null}
      </Stack>
    );
  }
  const status = REPLY_STATUS[review.replyStatus];
  // Where the owner can send it (by email, or by WhatsApp or SMS from the case), the draft is in the box.
  const box = replyBoxShown(review, plan, mayReply);
  return (
    <Stack gap="xs">
      <ReplyStatusLine status={status} at={review.repliedAt} />
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
      {box ? (
        <ReviewReplyBox review={review} plan={plan} mayReply={mayReply} />
      ) : review.replyText ? (
        <Paper withBorder p="sm" radius="md" bg="gray.0">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {review.replyText}
          </Text>
        </Paper>
      ) : null}
    </Stack>
  );
}

/** One review in full: rating, message, date, contact, sentiment and its automatic reply. */
export function ReviewDrawer({ review, plan, onClose }: TReviewDrawerProps) {
  const trpc = useTrpc();
  const detail = useQuery(
    trpc.owner.dashboard.review.queryOptions(
      // QR reviews are asked for as before; Google ones name their source (ids are per source).
      { id: review?.id ?? 0, ...(review?.source === 'google' ? { source: 'google' as const } : {}) },
      {
        enabled: review !== null,
        placeholderData: review ?? undefined,
        // A reply is drafted (or published to Google) in the background: keep asking while it is on its
        // way, unless it is a standard reply that waits a day.
        refetchInterval: (query) => {
          const data = query.state.data;
          if (data?.replyStatus !== 'pending') return false;
          const waitsADay = data.source !== 'google' && (plan?.autoReply.delaySeconds ?? 0) > 0;
          return waitsADay ? false : REPLY_POLL_MS;
        },
      },
    ),
  );
  const shown = detail.data ?? review;
  const fromGoogle = shown?.source === 'google' && shown.google !== undefined;
  // Replies are for owners and managers; staff work on the case (a failed ask leaves it to the server).
  const account = useQuery(trpc.owner.account.get.queryOptions(undefined, { staleTime: 60_000 }));
  const mayReply = account.data?.role !== 'staff';

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
          <LabelledValue label="Rating">
            <Group gap="xs">
              <RatingStars rating={shown.rating} size="lg" />
              <Text size="sm" c="dimmed">
                {shown.rating} / 5
              </Text>
            </Group>
          </LabelledValue>
          <LabelledValue label="Message">
            {shown.message ? (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {shown.message}
              </Text>
            ) : (
              <Text size="sm" c="dimmed" fs="italic">
                No message
              </Text>
            )}
          </LabelledValue>
          <LabelledValue label="Date">
            <Text size="sm">{formatDateTime(shown.createdAt)}</Text>
          </LabelledValue>
          <LabelledValue label={fromGoogle ? 'Google review by' : 'Customer contact'}>
            <Text
              size="sm"
              c={shown.customerContact ? undefined : 'dimmed'}
              style={{ overflowWrap: 'anywhere' }}
            >
              {shown.customerContact || (fromGoogle ? 'A Google user' : 'Not given')}
            </Text>
          </LabelledValue>
          <LabelledValue label="Sentiment">
            <SentimentBadge review={shown} />
          </LabelledValue>
          {shown.contact && !fromGoogle ? (
            <LabelledValue label="Reach the customer">
              <ContactLinks review={shown} />
            </LabelledValue>
          ) : null}
          <Divider />
          {fromGoogle ? (
            <LabelledValue label="Reply on Google">
              <GoogleReplyPanel key={`${shown.id}`} review={shown} />
            </LabelledValue>
          ) : (
            <LabelledValue label="Automatic reply">
              {plan === undefined ? (
                <Skeleton height={20} width="60%" />
              ) : (
                <AutomaticReply review={shown} plan={plan} mayReply={mayReply} />
              )}
            </LabelledValue>
          )}
          {!fromGoogle && shown.caseId !== undefined ? (
            <LabelledValue label="Feedback case">
              <ReviewCasePanel key={shown.id} review={shown} />
            </LabelledValue>
          ) : null}
          {detail.isError ? (
            <Alert color="red" variant="light">
              Could not refresh this review. Error: {anyMessage(detail.error)}
            </Alert>
          ) : null}
        </Stack>
      ) : (
        <Skeleton height={200} />
      )}
    </Drawer>
  );
}
