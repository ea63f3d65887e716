import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { TCaseEvent } from '@starloop/contract';
import { fill } from '@starloop/review-page';
import { formatDateTime } from '../../../../lib/format.ts';
import { en, type TOwnerMessages } from '../../../../lib/owner-i18n/en.ts';
import { useOwnerMessages } from '../../../../lib/owner-i18n/owner-messages.ts';

type TTimelineText = TOwnerMessages['timeline'];

export interface TCaseTimelineProps {
  events: readonly TCaseEvent[];
  /** A person's name by id (assignees are named by id on the timeline). */
  personName: (id: number) => string;
}

/** Who acted: a person, an API key (a partner's helpdesk), or StarLoop itself (a case opening). */
function actorOf(event: TCaseEvent, t: TTimelineText): string {
  if (event.actorName) return event.actorName;
  if (event.kind === 'opened') return 'StarLoop';
  return event.actorId === null ? t.integration : t.formerMember;
}

/** One timeline line in words (English unless given the person's texts); every kind of event has its own. */
export function describeEvent(
  event: TCaseEvent,
  personName: (id: number) => string,
  t: TTimelineText = en.timeline,
): string {
  const actor = actorOf(event, t);
  const channel = event.channel ? t.channels[event.channel] : null;
  // The line with the channel where the event names one, else the line without.
  const by = (without: string, withChannel: string) =>
    channel ? fill(withChannel, { actor, channel }) : fill(without, { actor });
  switch (event.kind) {
    case 'opened':
      return t.opened;
    case 'status': {
      const from = event.fromStatus ? t.status[event.fromStatus] : t.someStatus;
      const to = event.toStatus ? t.status[event.toStatus] : t.otherStatus;
      return event.outcome
        ? fill(t.movedWithOutcome, { actor, from, to, outcome: t.outcomes[event.outcome] })
        : fill(t.moved, { actor, from, to });
    }
    case 'assigned':
      return event.assigneeId === null
        ? fill(t.unassigned, { actor })
        : fill(t.assigned, { actor, person: personName(event.assigneeId) });
    case 'outcome':
      return fill(t.outcome, { actor, outcome: event.outcome ? t.outcomes[event.outcome] : t.noOutcome });
    case 'note':
      return fill(t.note, { actor });
    case 'message_out':
      return event.messageKind === 'invitation' ? by(t.invited, t.invitedBy) : by(t.replied, t.repliedBy);
    case 'message_in':
      return by(t.answered, t.answeredBy);
    case 'consent_withdrawn':
      return by(t.withdrawn, t.withdrawnBy);
  }
}

const DELIVERY_COLORS: Record<string, string> = { failed: 'red', read: 'green', delivered: 'teal' };

/** A case's timeline, oldest first: every change, note and message with who and when. */
export function CaseTimeline({ events, personName }: TCaseTimelineProps) {
  const t = useOwnerMessages().timeline;
  return (
    <Stack component="ol" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {events.map((event) => (
        <li key={event.id} data-kind={event.kind}>
          <Group gap="xs" justify="space-between" wrap="wrap" align="baseline">
            <Text size="sm" fw={500}>
              {describeEvent(event, personName, t)}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(event.createdAt)}
            </Text>
          </Group>
          {event.kind === 'message_out' && event.delivery ? (
            <Badge size="xs" variant="light" color={DELIVERY_COLORS[event.delivery] ?? 'gray'}>
              {t.delivery[event.delivery]}
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
