import { Alert, Button, Group, Radio, Select, Stack, Text, Textarea } from '@mantine/core';
import {
  CASE_MESSAGE_MAX,
  CASE_SMS_MAX,
  CASE_TEXTS,
  type TCaseDetail,
  type TCaseMessageChannel,
  type TCaseMessageKind,
  type TCaseReplyTemplate,
} from '@starloop/contract';
import { useState } from 'react';
import { MESSAGE_CHANNEL_LABELS, TEMPLATE_KIND_LABELS } from '../case-labels.ts';

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

export const REPLY_TEXT = {
  channel: 'Send by',
  template: 'Template',
  templatePlaceholder: 'Start from a template',
  message: 'Message to the customer',
  send: 'Send reply',
  invite: 'Send invitation to review publicly',
  inviteNote:
    'One neutral invitation to share the experience publicly, the same whatever the outcome. It can be sent once.',
  invited: 'The invitation to share the experience publicly has been sent.',
  noChannel: 'No channel can reach this customer now.',
  viaPlatform: "Sent from StarLoop's number",
  viaOwn: 'Sent from your own account',
  counter: (length: number, max: number) => `${length} / ${max} characters`,
} as const;

/** The longest message on a channel: SMS is shorter. */
export const messageMax = (channel: TCaseMessageChannel | null) =>
  channel === 'sms' ? CASE_SMS_MAX : CASE_MESSAGE_MAX;

/**
 * Writing to the customer from a case: the channels from `reach` (an unavailable one says why, as
 * the server words it), a template in the customer's language, the text with its count, and Send.
 * Once resolved, the one neutral invitation to share the experience publicly.
 */
export function ReplyBox({ detail, templates, sending, onSend, textareaId }: TReplyBoxProps) {
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
        {CASE_TEXTS.noContact}
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
          {CASE_TEXTS.consentWithdrawn}
        </Alert>
      ) : !detail.contact.consent ? (
        <Alert color="orange" variant="light">
          {CASE_TEXTS.noConsent}
        </Alert>
      ) : null}
      {detail.reach.length > 0 ? (
        <Radio.Group
          label={REPLY_TEXT.channel}
          value={channel ?? ''}
          onChange={(value) => setPicked(value as TCaseMessageChannel)}
        >
          <Stack gap="xs" mt={4}>
            {detail.reach.map((line) => (
              <Radio
                key={line.channel}
                value={line.channel}
                label={MESSAGE_CHANNEL_LABELS[line.channel]}
                disabled={!line.available}
                description={
                  line.available
                    ? line.via === 'own'
                      ? REPLY_TEXT.viaOwn
                      : line.via === 'platform'
                        ? REPLY_TEXT.viaPlatform
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
          {REPLY_TEXT.noChannel}
        </Text>
      ) : (
        <>
          <Select
            label={REPLY_TEXT.template}
            placeholder={REPLY_TEXT.templatePlaceholder}
            data={(templates ?? []).map((t) => ({ value: t.kind, label: TEMPLATE_KIND_LABELS[t.kind] }))}
            value={template}
            disabled={!templates || templates.length === 0}
            onChange={(kind) => {
              setTemplate(kind);
              const chosen = templates?.find((t) => t.kind === kind);
              if (chosen) setText(chosen.text);
            }}
          />
          <Textarea
            id={textareaId}
            label={REPLY_TEXT.message}
            autosize
            minRows={3}
            maxRows={10}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            description={REPLY_TEXT.counter(text.length, max)}
            error={
              tooLong ? (channel === 'sms' ? CASE_TEXTS.smsTooLong : CASE_TEXTS.messageTooLong) : undefined
            }
          />
          <Group justify="flex-end">
            <Button onClick={() => void send('reply')} loading={sending} disabled={length === 0 || tooLong}>
              {REPLY_TEXT.send}
            </Button>
          </Group>
        </>
      )}
      {detail.invitationSent ? (
        <Text size="sm" c="dimmed">
          {REPLY_TEXT.invited}
        </Text>
      ) : canInvite && channel !== null ? (
        <Stack gap={4}>
          <Text size="xs" c="dimmed">
            {REPLY_TEXT.inviteNote}
          </Text>
          <Group>
            <Button variant="light" onClick={() => void send('invitation')} loading={sending}>
              {REPLY_TEXT.invite}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
}
