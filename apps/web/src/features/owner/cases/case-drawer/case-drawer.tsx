import {
  Alert,
  Badge,
  Button,
  Divider,
  Drawer,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import {
  CASE_NOTE_MAX,
  CASE_OUTCOMES,
  type TCaseAssignee,
  type TCaseDetail,
  type TCaseOutcome,
  type TCaseUpdate,
} from '@starloop/contract';
import { fill } from '@starloop/review-page';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LabelledValue } from '../../../../components/labelled-value/labelled-value.tsx';
import { notify } from '../../../../components/notify.ts';
import { anyMessage } from '../../../../lib/api-errors.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import { en } from '../../../../lib/owner-i18n/en.ts';
import { useOwnerMessages } from '../../../../lib/owner-i18n/owner-messages.ts';
import { useTrpc } from '../../../../lib/use-trpc.ts';
import { RatingStars } from '../../dashboard/rating-stars.tsx';
import { CASE_STATUS_COLORS, useCaseLabels } from '../case-labels.ts';
import classes from './case-drawer.module.css';
import { CaseTimeline } from './case-timeline.tsx';
import { ReplyBox } from './reply-box.tsx';

/** The fields the shortcuts and the action bar focus. */
export const NOTE_FIELD_ID = 'case-note';
export const REPLY_FIELD_ID = 'case-reply';

/** A request to focus one of the drawer's fields (`at` makes the same request twice a new one). */
export interface TFocusRequest {
  field: 'note' | 'reply';
  at: number;
}

export interface TCaseDrawerProps {
  /** The open case; undefined: closed. */
  caseId: number | undefined;
  /** Phones: the drawer fills the screen. */
  phone: boolean;
  assignees: readonly TCaseAssignee[];
  meId: number | null;
  branchName: (id: number) => string;
  personName: (id: number) => string;
  onClose: () => void;
  /** Resolve asks for an outcome (the inbox's dialog). */
  onResolve: (kase: TCaseDetail) => void;
  focus?: TFocusRequest | null;
}

/** The English texts (the catalog's; tests read them). */
export const DRAWER_TEXT = {
  ...en.drawer,
  title: (id: number) => fill(en.drawer.title, { id }),
  consentGiven: (at: string | null) =>
    at ? fill(en.drawer.consentGivenAt, { at: formatDateTime(at) }) : en.drawer.consentGiven,
};

/** A phone number as wa.me wants it: digits only, with the country code. */
export const whatsAppLink = (phone: string) => `https://wa.me/${phone.replace(/\D/g, '')}`;

/**
 * One case in full: the review, the customer's contact with call and WhatsApp links (only with
 * their consent), status, assignee and outcome, the reply box, an internal note and the timeline.
 * Full screen on a phone, with its primary actions in a bar at the bottom.
 */
export function CaseDrawer({
  caseId,
  phone,
  assignees,
  meId,
  branchName,
  personName,
  onClose,
  onResolve,
  focus,
}: TCaseDrawerProps) {
  const labels = useCaseLabels();
  const text = useOwnerMessages().drawer;
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const detail = useQuery(
    trpc.owner.cases.get.queryOptions({ id: caseId ?? 0 }, { enabled: caseId !== undefined }),
  );
  const kase = caseId !== undefined ? detail.data : undefined;
  const language = kase?.contact?.language;
  const messages = trpc.owner.cases;
  const templates = useQuery(
    messages.replyTemplates.queryOptions(language ? { language } : {}, {
      enabled: language !== undefined,
      staleTime: 5 * 60_000,
    }),
  );
  // Every change answers the case as it now stands: shown at once, and the lists asked again.
  const settle = (next: TCaseDetail) => {
    queryClient.setQueryData(trpc.owner.cases.get.queryKey({ id: next.id }), next);
    void queryClient.invalidateQueries({ queryKey: trpc.owner.cases.list.pathKey() });
  };
  const update = useMutation(trpc.owner.cases.update.mutationOptions({ onSuccess: settle }));
  const addNote = useMutation(trpc.owner.cases.addNote.mutationOptions({ onSuccess: settle }));
  const send = useMutation({ ...messages.sendMessage.mutationOptions(), onSuccess: settle });
  const [note, setNote] = useState('');

  const change = (patch: Omit<TCaseUpdate, 'id'>) => {
    if (!kase) return;
    update.mutate({ id: kase.id, ...patch }, { onError: (error) => notify.error(anyMessage(error)) });
  };

  useEffect(() => {
    if (!focus || !kase) return;
    const id = focus.field === 'note' ? NOTE_FIELD_ID : REPLY_FIELD_ID;
    // After the drawer's content is on screen.
    const timer = window.setTimeout(() => {
      const field = document.getElementById(id);
      field?.scrollIntoView({ block: 'center' });
      field?.focus();
    }, 0);
    return () => window.clearTimeout(timer);
  }, [focus, kase]);

  const focusField = (field: string) => {
    const element = document.getElementById(field);
    element?.scrollIntoView({ block: 'center' });
    element?.focus();
  };

  const canReach = kase?.contact?.phone && kase.contact.consent && !kase.contact.withdrawnAt;
  const branchAssignees = kase
    ? assignees.filter((a) => a.businessIds === null || a.businessIds.includes(kase.businessId))
    : [];

  return (
    <Drawer
      opened={caseId !== undefined}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'lg'}
      title={caseId !== undefined ? fill(text.title, { id: caseId }) : undefined}
      closeButtonProps={{ 'aria-label': text.close }}
    >
      {kase ? (
        <Stack gap="md">
          <Group gap="xs">
            <Badge variant="light" color={CASE_STATUS_COLORS[kase.status]}>
              {labels.status[kase.status]}
            </Badge>
            {kase.outcome ? <Badge variant="outline">{labels.outcome[kase.outcome]}</Badge> : null}
            {kase.overdue ? (
              <Badge color="red" variant="filled">
                {text.overdue}
              </Badge>
            ) : null}
          </Group>

          <Stack gap="xs">
            <RatingStars rating={kase.rating} size="lg" />
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {kase.message || text.noMessage}
            </Text>
          </Stack>
          <SimpleGrid cols={2} spacing="sm">
            <LabelledValue label={text.branch}>
              <Text size="sm">{branchName(kase.businessId)}</Text>
            </LabelledValue>
            <LabelledValue label={text.channel}>
              <Text size="sm">{labels.channel[kase.channel]}</Text>
            </LabelledValue>
            <LabelledValue label={text.received}>
              <Text size="sm">{formatDateTime(kase.createdAt)}</Text>
            </LabelledValue>
            <LabelledValue label={kase.firstResponseAt ? text.firstResponse : text.firstResponseDue}>
              <Text size="sm" c={kase.overdue ? 'red.8' : undefined}>
                {formatDateTime(kase.firstResponseAt ?? kase.dueAt)}
              </Text>
            </LabelledValue>
          </SimpleGrid>

          {kase.contact ? (
            <LabelledValue label={text.customer}>
              <Stack gap={4}>
                {kase.contact.phone ? <Text size="sm">{kase.contact.phone}</Text> : null}
                {kase.contact.email ? (
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {kase.contact.email}
                  </Text>
                ) : null}
                {kase.contact.consent && !kase.contact.withdrawnAt ? (
                  <Text size="xs" c="dimmed">
                    {kase.contact.consentAt
                      ? fill(text.consentGivenAt, { at: formatDateTime(kase.contact.consentAt) })
                      : text.consentGiven}
                  </Text>
                ) : null}
                {canReach && kase.contact.phone ? (
                  <Group gap="xs" mt={4}>
                    <Button component="a" href={`tel:${kase.contact.phone}`} size="sm" variant="light">
                      {text.call}
                    </Button>
                    <Button
                      component="a"
                      href={whatsAppLink(kase.contact.phone)}
                      target="_blank"
                      rel="noopener noreferrer"
                      size="sm"
                      variant="light"
                      color="green"
                    >
                      {text.whatsApp}
                    </Button>
                  </Group>
                ) : null}
              </Stack>
            </LabelledValue>
          ) : kase.contactPresent ? null : (
            <Text size="sm" c="dimmed">
              {text.noContact}
            </Text>
          )}

          <Group gap="sm" align="flex-end" wrap="wrap">
            <Select
              label={text.assignee}
              data={[
                { value: '', label: text.unassigned },
                ...branchAssignees.map((a) => ({ value: String(a.personId), label: a.name })),
              ]}
              value={kase.assigneeId === null ? '' : String(kase.assigneeId)}
              allowDeselect={false}
              onChange={(value) => change({ assigneeId: value ? Number(value) : null })}
              disabled={update.isPending}
              w={220}
            />
            {kase.status === 'resolved' ? (
              <Select
                label={text.outcome}
                data={CASE_OUTCOMES.map((value) => ({ value, label: labels.outcome[value] }))}
                value={kase.outcome}
                allowDeselect={false}
                onChange={(value) => value && change({ outcome: value as TCaseOutcome })}
                disabled={update.isPending}
                w={180}
              />
            ) : null}
            {kase.status === 'new' || kase.status === 'reopened' ? (
              <Button
                variant="default"
                onClick={() => change({ status: 'in_progress' })}
                loading={update.isPending}
              >
                {text.start}
              </Button>
            ) : null}
          </Group>

          <Divider label={text.replyHeading} labelPosition="left" />
          <ReplyBox
            key={kase.id}
            detail={kase}
            templates={templates.data?.templates.filter((t) => !language || t.language === language)}
            sending={send.isPending}
            textareaId={REPLY_FIELD_ID}
            onSend={async (message) => {
              try {
                await send.mutateAsync({ id: kase.id, ...message });
                notify.success(message.kind === 'invitation' ? text.invited : text.sent);
                return true;
              } catch (error) {
                notify.error(anyMessage(error));
                return false;
              }
            }}
          />

          <Divider label={text.notesHeading} labelPosition="left" />
          <Stack gap="xs">
            <Textarea
              id={NOTE_FIELD_ID}
              label={text.noteLabel}
              description={text.noteHelp}
              autosize
              minRows={2}
              maxLength={CASE_NOTE_MAX}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button
                variant="default"
                disabled={note.trim() === ''}
                loading={addNote.isPending}
                onClick={() =>
                  addNote.mutate(
                    { id: kase.id, text: note.trim() },
                    {
                      onSuccess: () => {
                        setNote('');
                        notify.success(text.noteAdded);
                      },
                      onError: (error) => notify.error(anyMessage(error)),
                    },
                  )
                }
              >
                {text.addNote}
              </Button>
            </Group>
          </Stack>
          <Title order={3} size="h5">
            {text.timeline}
          </Title>
          <CaseTimeline events={kase.timeline} personName={personName} />

          <Group
            className={classes.actionBar}
            gap="xs"
            grow
            wrap="nowrap"
            role="toolbar"
            aria-label={text.actions}
          >
            <Button onClick={() => focusField(REPLY_FIELD_ID)} disabled={!kase.contact}>
              {text.reply}
            </Button>
            {meId !== null && kase.assigneeId !== meId ? (
              <Button variant="light" onClick={() => change({ assigneeId: meId })} loading={update.isPending}>
                {text.assignToMe}
              </Button>
            ) : (
              <Button variant="light" onClick={() => focusField(NOTE_FIELD_ID)}>
                {text.note}
              </Button>
            )}
            {kase.status === 'resolved' ? (
              <Button
                variant="default"
                onClick={() => change({ status: 'reopened' })}
                loading={update.isPending}
              >
                {text.reopen}
              </Button>
            ) : (
              <Button color="green" variant="light" onClick={() => onResolve(kase)}>
                {text.resolve}
              </Button>
            )}
          </Group>
        </Stack>
      ) : detail.isError ? (
        <Alert color="red" variant="light" title={text.loadFailed} role="alert">
          <Text size="sm">{fill(text.error, { message: anyMessage(detail.error) })}</Text>
          <Button size="xs" mt="sm" variant="white" color="red" onClick={() => void detail.refetch()}>
            {text.retry}
          </Button>
        </Alert>
      ) : (
        <Stack gap="sm" aria-busy>
          <Skeleton height={24} width="40%" />
          <Skeleton height={80} />
          <Skeleton height={160} />
        </Stack>
      )}
    </Drawer>
  );
}
