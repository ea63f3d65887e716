import {
  Badge,
  Box,
  Checkbox,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import type { TCase } from '@starloop/contract';
import { fill } from '@starloop/review-page';
import { formatDateTime } from '../../../../lib/format.ts';
import { en } from '../../../../lib/owner-i18n/en.ts';
import { useOwnerMessages } from '../../../../lib/owner-i18n/owner-messages.ts';
import { RatingStars } from '../../dashboard/rating-stars.tsx';
import { MessagePreview } from '../../shared/message-preview.tsx';
import { CASE_STATUS_COLORS, useCaseLabels } from '../case-labels.ts';
import classes from './case-list.module.css';

export interface TCaseListProps {
  /** The page's cases; undefined while the first page loads. */
  cases: readonly TCase[] | undefined;
  /** A table (wide screens) or one card per case (phones: nothing scrolls sideways). */
  layout: 'table' | 'cards';
  /** The branch column (or line) only when the person works on more than one branch. */
  branchName?: ((id: number) => string) | undefined;
  assigneeName: (id: number | null) => string;
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  /** The header's checkbox: every case of the page on or off. */
  onToggleAll: (on: boolean) => void;
  /** The case j/k moved to. */
  activeId: number | null;
  onActive: (id: number) => void;
  onOpen: (id: number) => void;
  emptyText: string;
}

/** The open button of a case in the list (j/k move the focus between them). */
export const caseButtonId = (id: number) => `case-open-${id}`;

/** The English texts (the catalog's; tests read them). */
export const CASE_LIST_TEXT = {
  ...en.caseList,
  select: (id: number) => fill(en.caseList.select, { id }),
  caseName: (id: number) => fill(en.caseList.caseName, { id }),
};

function CaseSummary({ kase }: { kase: TCase }) {
  const text = useOwnerMessages().caseList;
  return <MessagePreview message={kase.message} empty={text.noMessage} max={160} lines={2} />;
}

function StatusBadges({ kase }: { kase: TCase }) {
  const labels = useCaseLabels();
  const text = useOwnerMessages().caseList;
  return (
    <Group gap={4} wrap="wrap">
      <Badge size="sm" variant="light" color={CASE_STATUS_COLORS[kase.status]}>
        {labels.status[kase.status]}
      </Badge>
      {kase.overdue ? (
        <Badge size="sm" variant="filled" color="red">
          {text.overdue}
        </Badge>
      ) : null}
    </Group>
  );
}

/**
 * The inbox's cases: a table with a checkbox per row on wide screens, cards on phones. A case opens
 * from its summary (a button, so Enter and a tap both open it); the checkboxes feed the bulk bar.
 */
export function CaseList(props: TCaseListProps) {
  const { cases, layout, emptyText } = props;
  if (cases === undefined) {
    return (
      <Stack gap="xs" aria-busy>
        {Array.from({ length: 4 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton rows
          <Skeleton key={i} height={layout === 'cards' ? 96 : 44} data-testid="case-skeleton" />
        ))}
      </Stack>
    );
  }
  if (cases.length === 0) {
    return (
      <Text ta="center" c="dimmed" py="xl">
        {emptyText}
      </Text>
    );
  }
  return layout === 'cards' ? <CaseCards {...props} cases={cases} /> : <CaseTable {...props} cases={cases} />;
}

type TLoaded = TCaseListProps & { cases: readonly TCase[] };

function CaseTable({
  cases,
  branchName,
  assigneeName,
  selected,
  onToggle,
  onToggleAll,
  activeId,
  onActive,
  onOpen,
}: TLoaded) {
  const labels = useCaseLabels();
  const text = useOwnerMessages().caseList;
  const all = cases.every((c) => selected.has(c.id));
  const some = cases.some((c) => selected.has(c.id));
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label={text.selectAll}
                checked={all}
                indeterminate={some && !all}
                onChange={(event) => onToggleAll(event.currentTarget.checked)}
              />
            </Table.Th>
            <Table.Th w={110}>Rating</Table.Th>
            <Table.Th>Feedback</Table.Th>
            {branchName ? <Table.Th w={150}>Branch</Table.Th> : null}
            <Table.Th w={130}>Status</Table.Th>
            <Table.Th w={140}>Assignee</Table.Th>
            <Table.Th w={130}>Channel</Table.Th>
            <Table.Th w={150}>Received</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {cases.map((kase) => (
            <Table.Tr
              key={kase.id}
              className={classes.row}
              data-active={kase.id === activeId || undefined}
              aria-selected={selected.has(kase.id)}
              onClick={() => onOpen(kase.id)}
            >
              <Table.Td onClick={(event) => event.stopPropagation()}>
                <Checkbox
                  aria-label={fill(text.select, { id: kase.id })}
                  checked={selected.has(kase.id)}
                  onChange={() => onToggle(kase.id)}
                />
              </Table.Td>
              <Table.Td>
                <RatingStars rating={kase.rating} size="sm" />
              </Table.Td>
              <Table.Td>
                <UnstyledButton
                  id={caseButtonId(kase.id)}
                  className={classes.openButton}
                  onFocus={() => onActive(kase.id)}
                  onClick={(event) => {
                    event.stopPropagation();
                    onOpen(kase.id);
                  }}
                >
                  <VisuallyHidden>{fill(text.caseName, { id: kase.id })}</VisuallyHidden>
                  <CaseSummary kase={kase} />
                </UnstyledButton>
              </Table.Td>
              {branchName ? (
                <Table.Td>
                  <Text size="sm">{branchName(kase.businessId)}</Text>
                </Table.Td>
              ) : null}
              <Table.Td>
                <StatusBadges kase={kase} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" c={kase.assigneeId === null ? 'dimmed' : undefined}>
                  {assigneeName(kase.assigneeId)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{labels.channel[kase.channel]}</Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{formatDateTime(kase.createdAt)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function CaseCards({
  cases,
  branchName,
  assigneeName,
  selected,
  onToggle,
  activeId,
  onActive,
  onOpen,
}: TLoaded) {
  const labels = useCaseLabels();
  const text = useOwnerMessages().caseList;
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {cases.map((kase) => (
        <Paper
          key={kase.id}
          component="li"
          withBorder
          radius="md"
          p={4}
          className={classes.card}
          data-active={kase.id === activeId || undefined}
        >
          <Group gap={0} wrap="nowrap" align="flex-start">
            <Box className={classes.cardCheck}>
              <Checkbox
                aria-label={fill(text.select, { id: kase.id })}
                checked={selected.has(kase.id)}
                onChange={() => onToggle(kase.id)}
                size="md"
              />
            </Box>
            <UnstyledButton
              id={caseButtonId(kase.id)}
              className={classes.cardButton}
              onFocus={() => onActive(kase.id)}
              onClick={() => onOpen(kase.id)}
              p="xs"
            >
              <VisuallyHidden>{fill(text.caseName, { id: kase.id })}</VisuallyHidden>
              <Stack gap={6}>
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <RatingStars rating={kase.rating} size="sm" />
                  <StatusBadges kase={kase} />
                </Group>
                <CaseSummary kase={kase} />
                <Text size="xs" c="dimmed">
                  {[
                    branchName ? branchName(kase.businessId) : null,
                    assigneeName(kase.assigneeId),
                    labels.channel[kase.channel],
                    formatDateTime(kase.createdAt),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Stack>
            </UnstyledButton>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
