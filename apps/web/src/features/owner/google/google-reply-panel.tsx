import { Alert, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { GOOGLE_REPLY_MAX, type TOwnerReview, ZGooglePublishReply } from '@starloop/contract';
import { fill } from '@starloop/review-page';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { notify } from '../../../components/notify.ts';
import { anyMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useOwnerMessages } from '../../../lib/owner-i18n/owner-messages.ts';
import { useForm } from '../../../lib/use-form.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { ReplyStatusLine } from '../shared/reply-status-line.tsx';
import { useRefreshGoogle } from './use-google-status.ts';

/** The reply form: the publish's text (the review is the panel's). */
const ZReplyText = ZGooglePublishReply.pick({ text: true });

/**
 * The reply of a Google review in the review drawer: what Google shows, and the draft the owner
 * edits and publishes (once: the server refuses a second publish while one is on its way).
 */
export function GoogleReplyPanel({ review }: { review: TOwnerReview }) {
  const t = useOwnerMessages().review.google;
  const trpc = useTrpc();
  const refresh = useRefreshGoogle();
  const publish = useMutation(trpc.owner.google.publishReply.mutationOptions());
  const google = review.google!;
  // Once a reply is on Google, that reply is what the owner edits; before, the draft.
  const current =
    (google.replyStatus === 'published'
      ? (google.googleReply ?? google.replyDraft)
      : (google.replyDraft ?? google.googleReply)) ?? '';
  const form = useForm(ZReplyText, { text: current });
  const { reset } = form;
  // A newer draft (an edited review, a publish confirmed) replaces the text unless the owner is typing.
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (!touched) reset({ text: current });
  }, [current, touched, reset]);
  // The button waits for a reply; once the owner has edited it, the schema says what is missing.
  const invalid = form.check().errors.text;
  const text = form.input('text');
  const busy = google.replyStatus === 'publishing' || publish.isPending;

  return (
    <Stack gap="xs">
      <ReplyStatusLine status={google.replyStatus} google at={google.googleReplyAt}>
        {google.replyStatus === 'scheduled' && google.publishAfter ? (
          <Text size="xs" c="dimmed">
            {fill(t.publishesAt, { at: formatDateTime(google.publishAfter) })}
          </Text>
        ) : null}
      </ReplyStatusLine>
      {google.replyError && google.replyStatus !== 'published' ? (
        <Text size="sm" c={google.replyStatus === 'failed' ? 'red.8' : 'dimmed'}>
          {google.replyError}
        </Text>
      ) : null}
      {google.googleReply ? (
        <Paper withBorder p="sm" radius="md" bg="gray.0">
          <Text size="xs" c="dimmed" mb={4}>
            {t.onGoogle}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="google-reply">
            {google.googleReply}
          </Text>
        </Paper>
      ) : null}
      <Textarea
        label={google.googleReply ? t.edit : t.yourReply}
        autosize
        minRows={4}
        maxLength={GOOGLE_REPLY_MAX}
        value={text.value}
        disabled={busy}
        onChange={(event) => {
          setTouched(true);
          text.onChange(event);
        }}
        error={touched ? invalid : undefined}
      />
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {t.public}
        </Text>
        <Button
          size="sm"
          disabled={Boolean(invalid)}
          loading={busy}
          onClick={() => {
            const values = form.submit();
            if (!values) return;
            publish.mutate(
              { id: review.id, ...values },
              {
                onSuccess: () => {
                  notify.success(t.queued);
                  setTouched(false);
                  void refresh();
                },
                onError: (error) => notify.error(anyMessage(error)),
              },
            );
          }}
        >
          {google.googleReply ? t.update : t.publish}
        </Button>
      </Group>
      {publish.isError ? (
        <Alert color="red" variant="light">
          {anyMessage(publish.error)}
        </Alert>
      ) : null}
    </Stack>
  );
}
