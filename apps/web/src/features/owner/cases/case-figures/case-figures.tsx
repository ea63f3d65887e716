import { Box, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TCaseFigures, TCaseFigureValues } from '@starloop/contract';
import { fill, plural } from '@starloop/review-page';
import { LabelledValue } from '../../../../components/labelled-value/labelled-value.tsx';
import { SimpleTable, type TTableColumn } from '../../../../components/simple-table/simple-table.tsx';
import { StatCard, StatGrid } from '../../../../components/stat-card/stat-card.tsx';
import { formatNumber, formatPercent } from '../../../../lib/format.ts';
import { en, type TOwnerMessages } from '../../../../lib/owner-i18n/en.ts';
import { useOwnerLanguage } from '../../../../lib/owner-i18n/owner-i18n.tsx';
import { useOwnerMessages } from '../../../../lib/owner-i18n/owner-messages.ts';

type TFiguresText = TOwnerMessages['inboxTools']['figures'];

/** Wall-clock minutes as people say them, in the given units: 45 min, 2 h 5 min, 3 d 4 h; '-' when there is none. */
export const minutesFormatter =
  (units: TFiguresText['units']) =>
  (minutes: number | null): string => {
    if (minutes === null) return '-';
    const unit = (template: string, n: number) => fill(template, { n });
    const whole = Math.round(minutes);
    if (whole < 60) return unit(units.minutes, whole);
    const hours = Math.floor(whole / 60);
    if (hours < 24)
      return whole % 60
        ? `${unit(units.hours, hours)} ${unit(units.minutes, whole % 60)}`
        : unit(units.hours, hours);
    const days = Math.floor(hours / 24);
    return hours % 24 ? `${unit(units.days, days)} ${unit(units.hours, hours % 24)}` : unit(units.days, days);
  };

/** In English. */
export const formatMinutes = minutesFormatter(en.inboxTools.figures.units);

/** A rate (0 to 1) as a rounded percentage; '-' when there is nothing to divide by. */
const rate = (value: number | null) => (value === null ? '-' : formatPercent(value * 100));

interface TBreakdownRow extends TCaseFigureValues {
  key: string;
  label: string;
}

/** The figures of one row, named once for the table's headers and the phone's cards. */
const figuresOf = (
  t: TFiguresText,
): { key: string; header: string; value: (row: TCaseFigureValues) => string }[] => [
  { key: 'cases', header: t.cases, value: (row) => formatNumber(row.cases) },
  {
    key: 'median',
    header: t.median,
    value: (row) => minutesFormatter(t.units)(row.medianFirstResponseMinutes),
  },
  { key: 'resolution', header: t.resolution, value: (row) => rate(row.resolutionRate) },
  { key: 'recovery', header: t.recovery, value: (row) => rate(row.recoveryRate) },
  { key: 'overdue', header: t.overdue, value: (row) => formatNumber(row.overdue) },
];

function Breakdown({ title, first, rows }: { title: string; first: string; rows: TBreakdownRow[] }) {
  const t = useOwnerMessages().inboxTools.figures;
  const columnsOf = figuresOf(t);
  const columns: TTableColumn<TBreakdownRow>[] = [
    { key: 'label', header: first, render: (row) => row.label },
    ...columnsOf.map((figure) => ({
      key: figure.key,
      header: figure.header,
      align: 'right' as const,
      nowrap: true,
      render: (row: TBreakdownRow) => figure.value(row),
    })),
  ];
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.none}
        </Text>
      ) : (
        <>
          {/* A table from the sm breakpoint up; a card per row on phones. */}
          <Box visibleFrom="sm" data-testid="figures-table">
            <SimpleTable aria-label={title} columns={columns} rows={rows} rowKey={(row) => row.key} />
          </Box>
          <Stack gap="xs" hiddenFrom="sm" data-testid="figures-cards">
            {rows.map((row) => (
              <Paper key={row.key} withBorder radius="md" p="sm" component="article" aria-label={row.label}>
                <Text fw={600} size="sm" mb="xs">
                  {row.label}
                </Text>
                <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
                  {columnsOf.map((figure) => (
                    <LabelledValue key={figure.key} label={figure.header}>
                      {figure.value(row)}
                    </LabelledValue>
                  ))}
                </SimpleGrid>
              </Paper>
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}

export interface TCaseFiguresProps {
  /** owner.cases.figures's answer (GET /api/v1/cases/figures). */
  figures: TCaseFigures;
}

/**
 * What the feedback cases show (issue 33 item 8): the four figures of the period overall, then per
 * branch and per person (the assignee; unassigned last), as tables, or cards on a phone.
 */
export function CaseFigures({ figures }: TCaseFiguresProps) {
  const t = useOwnerMessages().inboxTools.figures;
  const { language } = useOwnerLanguage();
  const overall = figures.overall;
  const cases = formatNumber(overall.cases);
  return (
    <Stack gap="lg" data-testid="case-figures">
      <StatGrid cols={4}>
        <StatCard
          label={t.median}
          value={minutesFormatter(t.units)(overall.medianFirstResponseMinutes)}
          hint={fill(plural(language, t.answered, overall.cases), {
            responded: formatNumber(overall.responded),
            cases,
          })}
        />
        <StatCard
          label={t.resolution}
          value={rate(overall.resolutionRate)}
          hint={fill(plural(language, t.resolved, overall.cases), {
            resolved: formatNumber(overall.resolved),
            cases,
          })}
        />
        <StatCard
          label={t.recovery}
          value={rate(overall.recoveryRate)}
          hint={fill(t.recovered, {
            recovered: formatNumber(overall.recovered),
            resolved: formatNumber(overall.resolved),
          })}
        />
        <StatCard label={t.overdue} value={formatNumber(overall.overdue)} hint={t.overdueHint} />
      </StatGrid>
      <Breakdown
        title={t.byBranch}
        first={t.branch}
        rows={figures.branches.map((b) => ({ ...b, key: `branch-${b.businessId}`, label: b.name }))}
      />
      <Breakdown
        title={t.byPerson}
        first={t.person}
        rows={figures.people.map((p) => ({
          ...p,
          key: `person-${p.personId ?? 'none'}`,
          label: p.name ?? t.unassigned,
        }))}
      />
    </Stack>
  );
}
