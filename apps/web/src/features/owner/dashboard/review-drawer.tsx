import { Alert, Badge, Divider, Drawer, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { PLANS, sentimentReadsText, type TOwnerReview, type TPlan } from '@starloop/contract';
import { fill } from '@starloop/review-page';
import { useQuery } from '@tanstack/react-query';
import { LabelledValue } from '../../../components/labelled-value/labelled-value.tsx';
import { AnchorLink } from '../../../components/router-links.tsx';
import { anyMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useOwnerMessages } from '../../../lib/owner-i18n/owner-messages.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { GoogleReplyPanel } from '../google/google-reply-panel.tsx';
import { ReplyStatusLine } from '../shared/reply-status-line.tsx';
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
  const t = useOwnerMessages().review;
  if (!review.sentimentLabel) {
    return (
      <Text size="sm" c="dimmed">
        {review.message ? t.notAnalysed : t.nothingToAnalyse}
      </Text>
    );
  }
  const label = review.sentimentLabel;
  const badge = (
    <Badge color={SENTIMENT_COLORS[label] ?? 'gray'} variant="light">
      {Object.hasOwn(t.sentiments, label) ? t.sentiments[label as keyof typeof t.sentiments] : label}
    </Badge>
  );
  // Tamil, Telugu, Bengali, Gujarati, Kannada...: the label comes from the stars, and we say so.
  if (!review.message || sentimentReadsText(review.message)) return badge;
  return (
    <Stack gap={4} align="flex-start">
      {badge}
      <Text size="xs" c="dimmed">
        {t.sentimentNote}
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
  const t = useOwnerMessages().review;
  if (review.replyStatus === 'pending' && plan.autoReply.style === 'standard') {
    return (
      <Text size="sm" c="dimmed" role="status">
        {fill(t.auto.standard, {
          within: t.auto.within[plan.autoReply.style],
          proWithin: t.auto.within[PLANS.professional.autoReply.style],
        })}{' '}
        <AnchorLink to="/dashboard/plan" size="sm">
          {t.auto.upgrade}
        </AnchorLink>
      </Text>
    );
  }
  if (review.replyStatus === 'pending') {
    return (
      <Text size="sm" c="dimmed" role="status">
        {t.auto.drafting}
      </Text>
    );
  }
  if (review.replyStatus === 'none') {
    return (
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {review.message ? t.auto.none : t.auto.noMessage}
        </Text>
        {/* Professional owners may still write one where the customer can be reached. */}
        {replyBoxShown(review, plan, mayReply) ? (
          <ReviewReplyBox review={review} plan={plan} mayReply={mayReply} />
        ) : null}
      </Stack>
    );
  }
  // Where the owner can send it (by email, or by WhatsApp or SMS from the case), the draft is in the box.
  const box = replyBoxShown(review, plan, mayReply);
  return (
    <Stack gap="xs">
      <ReplyStatusLine status={review.replyStatus} at={review.repliedAt} />
      {review.replyStatus === 'failed' ? (
        <Text size="sm" c="red.8">
          {fill(t.auto.reason, { reason: review.replyError || t.reply.notSent })}
        </Text>
      ) : null}
      {review.replyStatus === 'drafted' && !review.customerContact ? (
        <Text size="xs" c="dimmed">
          {t.auto.keptHere}
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
  const t = useOwnerMessages().review;
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
      title={t.title}
      closeButtonProps={{ 'aria-label': t.close }}
    >
      {shown ? (
        <Stack gap="md">
          <LabelledValue label={t.rating}>
            <Group gap="xs">
              <RatingStars rating={shown.rating} size="lg" />
              <Text size="sm" c="dimmed">
                {fill(t.outOfFive, { rating: shown.rating })}
              </Text>
            </Group>
          </LabelledValue>
          <LabelledValue label={t.message}>
            {shown.message ? (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {shown.message}
              </Text>
            ) : (
              <Text size="sm" c="dimmed" fs="italic">
                {t.noMessage}
              </Text>
            )}
          </LabelledValue>
          <LabelledValue label={t.date}>
            <Text size="sm">{formatDateTime(shown.createdAt)}</Text>
          </LabelledValue>
          <LabelledValue label={fromGoogle ? t.googleBy : t.contact}>
            <Text
              size="sm"
              c={shown.customerContact ? undefined : 'dimmed'}
              style={{ overflowWrap: 'anywhere' }}
            >
              {shown.customerContact || (fromGoogle ? t.googleUser : t.notGiven)}
            </Text>
          </LabelledValue>
          <LabelledValue label={t.sentiment}>
            <SentimentBadge review={shown} />
          </LabelledValue>
          {shown.contact && !fromGoogle ? (
            <LabelledValue label={t.reach}>
              <ContactLinks review={shown} />
            </LabelledValue>
          ) : null}
          <Divider />
          {fromGoogle ? (
            <LabelledValue label={t.replyOnGoogle}>
              <GoogleReplyPanel key={`${shown.id}`} review={shown} />
            </LabelledValue>
          ) : (
            <LabelledValue label={t.automaticReply}>
              {plan === undefined ? (
                <Skeleton height={20} width="60%" />
              ) : (
                <AutomaticReply review={shown} plan={plan} mayReply={mayReply} />
              )}
            </LabelledValue>
          )}
          {!fromGoogle && shown.caseId !== undefined ? (
            <LabelledValue label={t.feedbackCase}>
              <ReviewCasePanel key={shown.id} review={shown} />
            </LabelledValue>
          ) : null}
          {detail.isError ? (
            <Alert color="red" variant="light">
              {fill(t.refreshFailed, { error: anyMessage(detail.error) })}
            </Alert>
          ) : null}
        </Stack>
      ) : (
        <Skeleton height={200} />
      )}
    </Drawer>
  );
}
