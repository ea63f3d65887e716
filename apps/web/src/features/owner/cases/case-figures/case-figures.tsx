import { Box, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { CASE_FIGURES_TEXTS, type TCaseFigures, type TCaseFigureValues } from '@starloop/contract';
import { LabelledValue } from '../../../../components/labelled-value/labelled-value.tsx';
import { SimpleTable, type TTableColumn } from '../../../../components/simple-table/simple-table.tsx';
import { StatCard, StatGrid } from '../../../../components/stat-card/stat-card.tsx';
import { formatNumber, formatPercent } from '../../../../lib/format.ts';
import { countOf } from '../../../../lib/plural.ts';

/** Wall-clock minutes as people say them: 45 min, 2 h 5 min, 3 d 4 h; '-' when there is none. */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return '-';
  const whole = Math.round(minutes);
  if (whole < 60) return `${whole} min`;
  const hours = Math.floor(whole / 60);
  if (hours < 24) return whole % 60 ? `${hours} h ${whole % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

/** A rate (0 to 1) as a rounded percentage; '-' when there is nothing to divide by. */
const rate = (value: number | null) => (value === null ? '-' : formatPercent(value * 100));

interface TBreakdownRow extends TCaseFigureValues {
  key: string;
  label: string;
}

/** The figures of one row, named once for the table's headers and the phone's cards. */
const FIGURES: { key: string; header: string; value: (row: TCaseFigureValues) => string }[] = [
  { key: 'cases', header: 'Cases', value: (row) => formatNumber(row.cases) },
  {
    key: 'median',
    header: 'Median first response',
    value: (row) => formatMinutes(row.medianFirstResponseMinutes),
  },
  { key: 'resolution', header: 'Resolution rate', value: (row) => rate(row.resolutionRate) },
  { key: 'recovery', header: 'Recovery rate', value: (row) => rate(row.recoveryRate) },
  { key: 'overdue', header: 'Overdue now', value: (row) => formatNumber(row.overdue) },
];

function Breakdown({ title, first, rows }: { title: string; first: string; rows: TBreakdownRow[] }) {
  const columns: TTableColumn<TBreakdownRow>[] = [
    { key: 'label', header: first, render: (row) => row.label },
    ...FIGURES.map((figure) => ({
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
          No cases in this period.
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
                  {FIGURES.map((figure) => (
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
  const overall = figures.overall;
  return (
    <Stack gap="lg" data-testid="case-figures">
      <StatGrid cols={4}>
        <StatCard
          label="Median first response"
          value={formatMinutes(overall.medianFirstResponseMinutes)}
          hint={`${formatNumber(overall.responded)} of ${countOf(overall.cases, 'case')} answered`}
        />
        <StatCard
          label="Resolution rate"
          value={rate(overall.resolutionRate)}
          hint={`${formatNumber(overall.resolved)} of ${countOf(overall.cases, 'case')} resolved`}
        />
        <StatCard
          label="Recovery rate"
          value={rate(overall.recoveryRate)}
          hint={`${formatNumber(overall.recovered)} of ${formatNumber(overall.resolved)} resolved cases recovered`}
        />
        <StatCard
          label="Overdue now"
          value={formatNumber(overall.overdue)}
          hint="No first response and past the target"
        />
      </StatGrid>
      <Breakdown
        title="By branch"
        first="Branch"
        rows={figures.branches.map((b) => ({ ...b, key: `branch-${b.businessId}`, label: b.name }))}
      />
      <Breakdown
        title="By person"
        first="Person"
        rows={figures.people.map((p) => ({
          ...p,
          key: `person-${p.personId ?? 'none'}`,
          label: p.name ?? CASE_FIGURES_TEXTS.unassigned,
        }))}
      />
    </Stack>
  );
}
