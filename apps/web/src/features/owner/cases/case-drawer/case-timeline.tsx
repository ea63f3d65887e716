import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { TCaseEvent } from '@starloop/contract';
import { formatDateTime } from '../../../../lib/format.ts';
import {
  CASE_OUTCOME_LABELS,
  CASE_STATUS_LABELS,
  DELIVERY_LABELS,
  MESSAGE_CHANNEL_LABELS,
} from '../case-labels.ts';

export interface TCaseTimelineProps {
  events: readonly TCaseEvent[];
  /** A person's name by id (assignees are named by id on the timeline). */
  personName: (id: number) => string;
}

const lower = (label: string) => label.toLowerCase();

/** Who acted: a person, an API key (a partner's helpdesk), or StarLoop itself (a case opening). */
function actorOf(event: TCaseEvent): string {
  if (event.actorName) return event.actorName;
  if (event.kind === 'opened') return 'StarLoop';
  return event.actorId === null ? 'An integration (API key)' : 'A former team member';
}

/** One timeline line in words; every kind of event has its own. */
export function describeEvent(event: TCaseEvent, personName: (id: number) => string): string {
  const actor = actorOf(event);
  const channel = event.channel ? MESSAGE_CHANNEL_LABELS[event.channel] : null;
  switch (event.kind) {
    case 'opened':
      return 'Case opened from the review';
    case 'status': {
      const from = event.fromStatus ? lower(CASE_STATUS_LABELS[event.fromStatus]) : 'its status';
      const to = event.toStatus ? lower(CASE_STATUS_LABELS[event.toStatus]) : 'another status';
      const outcome = event.outcome ? ` (${lower(CASE_OUTCOME_LABELS[event.outcome])})` : '';
      return `${actor} moved it from ${from} to ${to}${outcome}`;
    }
    case 'assigned':
      return event.assigneeId === null
        ? `${actor} unassigned it`
        : `${actor} assigned it to ${personName(event.assigneeId)}`;
    case 'outcome':
      return `${actor} changed the outcome to ${event.outcome ? lower(CASE_OUTCOME_LABELS[event.outcome]) : 'none'}`;
    case 'note':
      return `${actor} added a note`;
    case 'message_out':
      return event.messageKind === 'invitation'
        ? `${actor} sent the invitation to share the experience publicly${channel ? ` by ${channel}` : ''}`
        : `${actor} replied${channel ? ` by ${channel}` : ''}`;
    case 'message_in':
      return `The customer answered${channel ? ` by ${channel}` : ''}`;
    case 'consent_withdrawn':
      return `The customer asked not to be contacted again${channel ? ` (${channel})` : ''}`;
  }
}

const DELIVERY_COLORS: Record<string, string> = { failed: 'red', read: 'green', delivered: 'teal' };

/** A case's timeline, oldest first: every change, note and message with who and when. */
export function CaseTimeline({ events, personName }: TCaseTimelineProps) {
  return (
    <Stack component="ol" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {events.map((event) => (
        <li key={event.id} data-kind={event.kind}>
          <Group gap="xs" justify="space-between" wrap="wrap" align="baseline">
            <Text size="sm" fw={500}>
              {describeEvent(event, personName)}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(event.createdAt)}
            </Text>
          </Group>
          {event.kind === 'message_out' && event.delivery ? (
            <Badge size="xs" variant="light" color={DELIVERY_COLORS[event.delivery] ?? 'gray'}>
              {DELIVERY_LABELS[event.delivery]}
            </Badge>
          ) : null}
          {event.text ? (
            <Paper
              withBorder
              p="xs"
              mt={4}
              radius="md"
              bg={event.kind === 'note' ? 'yellow.0' : event.kind === 'message_in' ? 'blue.0' : 'gray.0'}
            >
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {event.text}
              </Text>
            </Paper>
          ) : null}
        </li>
      ))}
    </Stack>
  );
}
