import { Alert, Button, Group, Radio, Select, Stack, Text, Textarea } from '@mantine/core';
import {
  CASE_MESSAGE_MAX,
  CASE_SMS_MAX,
  type TCaseDetail,
  type TCaseMessageChannel,
  type TCaseMessageKind,
  type TCaseReplyTemplate,
} from '@starloop/contract';
import { fill } from '@starloop/review-page';
import { useState } from 'react';
import { en } from '../../../../lib/owner-i18n/en.ts';
import { useOwnerMessages } from '../../../../lib/owner-i18n/owner-messages.ts';

export interface TReplyBoxProps {
  detail: TCaseDetail;
  /** The reply templates in the customer's language; undefined while they load. */
  templates: readonly TCaseReplyTemplate[] | undefined;
  sending: boolean;
  /** Sends; resolves true once the server took it (the text is then cleared). */
  onSend: (message: {
    channel: TCaseMessageChannel;
    kind: TCaseMessageKind;
    text: string;
  }) => Promise<boolean>;
  /** The text area's id (the drawer's Reply button and shortcuts focus it). */
  textareaId: string;
}

/** The English texts (the catalog's; tests read them). */
export const REPLY_TEXT = {
  ...en.inboxTools.reply,
  counter: (length: number, max: number) => fill(en.inboxTools.reply.counter, { length, max }),
};

/** The longest message on a channel: SMS is shorter. */
export const messageMax = (channel: TCaseMessageChannel | null) =>
  channel === 'sms' ? CASE_SMS_MAX : CASE_MESSAGE_MAX;

/**
 * Writing to the customer from a case: the channels from `reach` (an unavailable one says why, as
 * the server words it), a template in the customer's language, the text with its count, and Send.
 * Once resolved, the one neutral invitation to share the experience publicly.
 */
export function ReplyBox({ detail, templates, sending, onSend, textareaId }: TReplyBoxProps) {
  const t = useOwnerMessages().inboxTools.reply;
  const available = detail.reach.filter((r) => r.available);
  const [picked, setPicked] = useState<TCaseMessageChannel | null>(null);
  const channel =
    picked && available.some((r) => r.channel === picked) ? picked : (available[0]?.channel ?? null);
  const [text, setText] = useState('');
  const [template, setTemplate] = useState<string | null>(null);
  const max = messageMax(channel);
  const length = text.trim().length;
  const tooLong = text.length > max;
  const canInvite = detail.status === 'resolved' && !detail.invitationSent;

  if (!detail.contact) {
    return (
      <Text size="sm" c="dimmed">
        {t.noContact}
      </Text>
    );
  }
  const send = async (kind: TCaseMessageKind) => {
    if (!channel) return;
    if (await onSend({ channel, kind, text: kind === 'invitation' ? '' : text.trim() })) {
      if (kind === 'reply') {
        setText('');
        setTemplate(null);
      }
    }
  };

  return (
    <Stack gap="sm">
      {detail.contact.withdrawnAt ? (
        <Alert color="orange" variant="light">
          {t.consentWithdrawn}
        </Alert>
      ) : !detail.contact.consent ? (
        <Alert color="orange" variant="light">
          {t.noConsent}
        </Alert>
      ) : null}
      {detail.reach.length > 0 ? (
        <Radio.Group
          label={t.channel}
          value={channel ?? ''}
          onChange={(value) => setPicked(value as TCaseMessageChannel)}
        >
          <Stack gap="xs" mt={4}>
            {detail.reach.map((line) => (
              <Radio
                key={line.channel}
                value={line.channel}
                label={t.channels[line.channel]}
                disabled={!line.available}
                description={
                  line.available
                    ? line.via === 'own'
                      ? t.viaOwn
                      : line.via === 'platform'
                        ? t.viaPlatform
                        : undefined
                    : line.reason
                }
              />
            ))}
          </Stack>
        </Radio.Group>
      ) : null}
      {channel === null ? (
        <Text size="sm" c="dimmed">
          {t.noChannel}
        </Text>
      ) : (
        <>
          <Select
            label={t.template}
            placeholder={t.templatePlaceholder}
            data={(templates ?? []).map((one) => ({ value: one.kind, label: t.templates[one.kind] }))}
            value={template}
            disabled={!templates || templates.length === 0}
            onChange={(kind) => {
              setTemplate(kind);
              const chosen = templates?.find((one) => one.kind === kind);
              if (chosen) setText(chosen.text);
            }}
          />
          <Textarea
            id={textareaId}
            label={t.message}
            autosize
            minRows={3}
            maxRows={10}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            description={fill(t.counter, { length: text.length, max })}
            error={tooLong ? fill(channel === 'sms' ? t.smsTooLong : t.messageTooLong, { max }) : undefined}
          />
          <Group justify="flex-end">
            <Button onClick={() => void send('reply')} loading={sending} disabled={length === 0 || tooLong}>
              {t.send}
            </Button>
          </Group>
        </>
      )}
      {detail.invitationSent ? (
        <Text size="sm" c="dimmed">
          {t.invited}
        </Text>
      ) : canInvite && channel !== null ? (
        <Stack gap={4}>
          <Text size="xs" c="dimmed">
            {t.inviteNote}
          </Text>
          <Group>
            <Button variant="light" onClick={() => void send('invitation')} loading={sending}>
              {t.invite}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
}
