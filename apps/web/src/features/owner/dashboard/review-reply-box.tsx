import { Alert, Button, Group, Paper, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import {
  CASE_MESSAGE_MAX,
  CASE_SMS_MAX,
  planAllows,
  REVIEW_PAGE_LANGUAGE_META,
  REVIEW_REPLY_MAX,
  type TCaseMessageChannel,
  type TOwnerReview,
  type TPlan,
} from '@starloop/contract';
import { fill } from '@starloop/review-page';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { notify } from '../../../components/notify.ts';
import { anyMessage } from '../../../lib/api-errors.ts';
import { useOwnerMessages } from '../../../lib/owner-i18n/owner-messages.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { useRefreshReview } from './review-case-panel.tsx';

/**
 * The reply box of the review drawer (issue 33 item 3): the drafted reply, edited (Professional)
 * and emailed where the customer left an email, or sent by WhatsApp or SMS from the review's case
 * where they left only a phone.
 */

/** Which channel a phone-only customer can be written to on, in the order offered. */
const PHONE_CHANNELS: readonly TCaseMessageChannel[] = ['whatsapp', 'sms'];

/** "Written in Hindi (हिन्दी), the review's language." under a reply that is not in English. */
function LanguageNote({ review }: { review: TOwnerReview }) {
  const t = useOwnerMessages().review.reply;
  if (!review.language || review.language === 'en') return null;
  const { english, name } = REVIEW_PAGE_LANGUAGE_META[review.language];
  return (
    <Text size="xs" c="dimmed">
      {fill(t.languageNote, { english, name })}
    </Text>
  );
}

/** The draft as the box starts, and again whenever a newer one arrives while the owner is not typing. */
function useDraft(review: TOwnerReview) {
  const current = review.replyText ?? '';
  const [text, setText] = useState(current);
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (!touched) setText(current);
  }, [current, touched]);
  return {
    text,
    touched,
    edit: (value: string) => {
      setTouched(true);
      setText(value);
    },
    done: () => setTouched(false),
  };
}

/** Emails the reply: editable on Professional, the draft as it is on Essential. */
function EmailReply({ review, plan }: { review: TOwnerReview; plan: TPlan }) {
  const t = useOwnerMessages().review.reply;
  const trpc = useTrpc();
  const refresh = useRefreshReview();
  const send = useMutation(trpc.owner.reviews.sendReply.mutationOptions());
  const draft = useDraft(review);
  const editable = planAllows(plan.key, 'templates');
  const empty = draft.text.trim() === '';

  const submit = () =>
    send.mutate(
      { id: review.id, text: draft.text },
      {
        onSuccess: (answer) => {
          draft.done();
          if (answer.replyStatus === 'sent') notify.success(t.emailed);
          else notify.error(answer.replyError ?? t.notSent);
          void refresh();
        },
      },
    );

  return (
    <Stack gap="xs">
      {editable ? (
        <Textarea
          label={t.yourReply}
          autosize
          minRows={5}
          maxLength={REVIEW_REPLY_MAX}
          value={draft.text}
          disabled={send.isPending}
          onChange={(event) => draft.edit(event.currentTarget.value)}
          error={draft.touched && empty ? t.textRequired : undefined}
        />
      ) : (
        <>
          <Paper withBorder p="sm" radius="md" bg="gray.0">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {review.replyText}
            </Text>
          </Paper>
          <Text size="xs" c="dimmed">
            {t.editProfessionalOnly}
          </Text>
        </>
      )}
      <LanguageNote review={review} />
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {t.emailNote}
        </Text>
        <Button size="sm" disabled={empty} loading={send.isPending} onClick={submit}>
          {t.sendEmail}
        </Button>
      </Group>
      {send.isError ? (
        <Alert color="red" variant="light">
          {anyMessage(send.error)}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** Sends the reply by WhatsApp or SMS from the review's case, on the channels its reach allows. */
function PhoneReply({ review, caseId }: { review: TOwnerReview; caseId: number }) {
  const t = useOwnerMessages().review.reply;
  const channelLabel = (channel: TCaseMessageChannel) => t.channels[channel];
  const trpc = useTrpc();
  const refresh = useRefreshReview();
  const detail = useQuery(trpc.owner.cases.get.queryOptions({ id: caseId }));
  const send = useMutation(trpc.owner.cases.sendMessage.mutationOptions());
  const draft = useDraft(review);
  const reach = (detail.data?.reach ?? []).filter((r) => PHONE_CHANNELS.includes(r.channel));
  const usable = reach.filter((r) => r.available);
  const [chosen, setChosen] = useState<TCaseMessageChannel | null>(null);
  const channel = chosen && usable.some((r) => r.channel === chosen) ? chosen : (usable[0]?.channel ?? null);
  const max = channel === 'sms' ? CASE_SMS_MAX : CASE_MESSAGE_MAX;
  const tooLong = draft.text.trim().length > max;
  const empty = draft.text.trim() === '';

  if (detail.isPending) {
    return (
      <Text size="sm" c="dimmed">
        {t.checking}
      </Text>
    );
  }
  if (detail.isError) {
    return (
      <Alert color="red" variant="light">
        {fill(t.caseFailed, { error: anyMessage(detail.error) })}
      </Alert>
    );
  }

  return (
    <Stack gap="xs">
      <Textarea
        label={t.yourReply}
        autosize
        minRows={4}
        value={draft.text}
        disabled={send.isPending}
        onChange={(event) => draft.edit(event.currentTarget.value)}
        error={tooLong ? fill(t.tooLong, { max, channel: channelLabel(channel ?? 'whatsapp') }) : undefined}
      />
      <LanguageNote review={review} />
      {usable.length > 1 ? (
        <SegmentedControl
          aria-label={t.sendBy}
          size="xs"
          value={channel ?? undefined}
          onChange={(value) => setChosen(value as TCaseMessageChannel)}
          data={usable.map((r) => ({ value: r.channel, label: channelLabel(r.channel) }))}
        />
      ) : null}
      {reach
        .filter((r) => !r.available)
        .map((r) => (
          <Text key={r.channel} size="xs" c="dimmed">
            {fill(t.unavailable, { channel: channelLabel(r.channel), reason: r.reason ?? t.notAvailable })}
          </Text>
        ))}
      {reach.length === 0 ? (
        <Text size="xs" c="dimmed">
          {t.noPhoneWay}
        </Text>
      ) : null}
      {channel ? (
        <Group justify="flex-end">
          <Button
            size="sm"
            disabled={empty || tooLong}
            loading={send.isPending}
            onClick={() =>
              send.mutate(
                { id: caseId, channel, kind: 'reply', text: draft.text },
                {
                  onSuccess: () => {
                    draft.done();
                    notify.success(fill(t.sentBy, { channel: channelLabel(channel) }));
                    void refresh();
                  },
                },
              )
            }
          >
            {fill(t.sendByChannel, { channel: channelLabel(channel) })}
          </Button>
        </Group>
      ) : null}
      {send.isError ? (
        <Alert color="red" variant="light">
          {anyMessage(send.error)}
        </Alert>
      ) : null}
    </Stack>
  );
}

/**
 * Which reply box a QR review gets, if any: by email where its reply can be emailed, by WhatsApp or
 * SMS from its case where the customer left only a phone with consent. Staff do not send replies
 * (replies are for owners and managers).
 */
export function ReviewReplyBox({
  review,
  plan,
  mayReply,
}: {
  review: TOwnerReview;
  plan: TPlan;
  mayReply: boolean;
}) {
  const t = useOwnerMessages().review.reply;
  if (!mayReply || review.replyStatus === 'pending' || review.replyStatus === 'sent') return null;
  const professional = planAllows(plan.key, 'templates');
  if (review.replyEmail) {
    // Essential sends the standard draft as it is: nothing to send before it is drafted.
    if (!professional && !review.replyText) return null;
    return <EmailReply review={review} plan={plan} />;
  }
  const phone = review.contact?.phone && review.contact.consent ? review.contact.phone : null;
  if (!phone) return null;
  if (review.caseId) return <PhoneReply review={review} caseId={review.caseId} />;
  return (
    <Text size="sm" c="dimmed">
      {t.openCaseFirst}
    </Text>
  );
}

/** Whether the box above replaces the drawer's plain view of the draft. */
export function replyBoxShown(review: TOwnerReview, plan: TPlan, mayReply: boolean): boolean {
  if (!mayReply || review.replyStatus === 'pending' || review.replyStatus === 'sent') return false;
  if (review.replyEmail) return planAllows(plan.key, 'templates') || Boolean(review.replyText);
  return Boolean(review.contact?.phone && review.contact.consent && review.caseId);
}
