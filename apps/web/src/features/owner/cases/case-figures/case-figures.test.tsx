import { CASE_FIGURES_TEXTS, type TCaseFigures, type TCaseFigureValues } from '@starloop/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from '../../../../lib/owner-i18n/en.ts';
import hi from '../../../../lib/owner-i18n/hi.json';
import { renderWithMantine } from '../../../../test/render-mantine.tsx';
import { CaseFigures, formatMinutes, minutesFormatter } from './case-figures.tsx';

const values = (overrides: Partial<TCaseFigureValues>): TCaseFigureValues => ({
  cases: 0,
  responded: 0,
  medianFirstResponseMinutes: null,
  resolved: 0,
  resolutionRate: null,
  recovered: 0,
  recoveryRate: null,
  overdue: 0,
  ...overrides,
});

const FIGURES: TCaseFigures = {
  from: '2026-11-11',
  to: '2026-12-10',
  overall: values({
    cases: 6,
    responded: 4,
    medianFirstResponseMinutes: 45,
    resolved: 3,
    resolutionRate: 0.5,
    recovered: 2,
    recoveryRate: 2 / 3,
    overdue: 2,
  }),
  branches: [
    {
      ...values({
        cases: 4,
        responded: 3,
        medianFirstResponseMinutes: 30,
        resolved: 2,
        resolutionRate: 0.5,
        recovered: 1,
        recoveryRate: 0.5,
        overdue: 2,
      }),
      businessId: 1,
      name: 'Figures Cafe, Pune',
    },
    {
      ...values({
        cases: 2,
        responded: 1,
        medianFirstResponseMinutes: 1500,
        resolved: 1,
        resolutionRate: 0.5,
        recovered: 1,
        recoveryRate: 1,
      }),
      businessId: 2,
      name: 'Figures Cafe, Nashik',
    },
  ],
  people: [
    {
      ...values({
        cases: 2,
        responded: 2,
        medianFirstResponseMinutes: 125,
        resolved: 2,
        resolutionRate: 1,
        recovered: 1,
        recoveryRate: 0.5,
        overdue: 1,
      }),
      personId: 7,
      name: 'Ravi Kumar',
    },
    {
      ...values({ cases: 2, responded: 1, medianFirstResponseMinutes: 10, resolutionRate: 0 }),
      personId: null,
      name: null,
    },
  ],
};

type THappyWindow = { happyDOM: { setViewport(v: { width: number; height: number }): void } };
const viewport = (width: number) =>
  (window as unknown as THappyWindow).happyDOM.setViewport({ width, height: 800 });

afterEach(() => viewport(1024));

const card = (label: string) => screen.getByRole('region', { name: label });
const rowCells = (table: HTMLElement, name: string) =>
  within(within(table).getByText(name).closest('tr') as HTMLElement)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('CaseFigures', () => {
  it('shows the four figures of the period overall, with the counts they come from', () => {
    renderWithMantine(<CaseFigures figures={FIGURES} />);
    const stat = (label: string) => within(card(label));
    expect(stat('Median first response').getByTestId('stat-value')).toHaveTextContent('45 min');
    expect(stat('Median first response').getByText('4 of 6 cases answered')).toBeInTheDocument();
    expect(stat('Resolution rate').getByTestId('stat-value')).toHaveTextContent('50%');
    expect(stat('Resolution rate').getByText('3 of 6 cases resolved')).toBeInTheDocument();
    expect(stat('Recovery rate').getByTestId('stat-value')).toHaveTextContent('67%');
    expect(stat('Recovery rate').getByText('2 of 3 resolved cases recovered')).toBeInTheDocument();
    expect(stat('Overdue now').getByTestId('stat-value')).toHaveTextContent('2');
  });

  it('has a table per branch and per person on a wide screen, unassigned named, dashes where nothing divides', () => {
    renderWithMantine(<CaseFigures figures={FIGURES} />);
    const branches = within(card('By branch')).getByRole('table', { name: 'By branch' });
    expect(branches).toBeVisible();
    expect(
      within(branches)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Branch',
      'Cases',
      'Median first response',
      'Resolution rate',
      'Recovery rate',
      'Overdue now',
    ]);
    expect(rowCells(branches, 'Figures Cafe, Pune')).toEqual([
      'Figures Cafe, Pune',
      '4',
      '30 min',
      '50%',
      '50%',
      '2',
    ]);
    expect(rowCells(branches, 'Figures Cafe, Nashik')).toEqual([
      'Figures Cafe, Nashik',
      '2',
      '1 d 1 h',
      '50%',
      '100%',
      '0',
    ]);
    const people = within(card('By person')).getByRole('table', { name: 'By person' });
    expect(rowCells(people, 'Ravi Kumar')).toEqual(['Ravi Kumar', '2', '2 h 5 min', '100%', '50%', '1']);
    expect(rowCells(people, 'Unassigned')).toEqual(['Unassigned', '2', '10 min', '0%', '-', '0']);
    // The phone's cards are there but hidden.
    expect(within(card('By branch')).getByTestId('figures-cards')).not.toBeVisible();
  });

  it('turns each row into a card below the sm breakpoint', () => {
    viewport(375);
    renderWithMantine(<CaseFigures figures={FIGURES} />);
    const branches = card('By branch');
    expect(within(branches).getByTestId('figures-table')).not.toBeVisible();
    const pune = within(branches).getByRole('article', { name: 'Figures Cafe, Pune' });
    expect(pune).toBeVisible();
    const labelled = (label: string) => within(pune).getByText(label).nextElementSibling?.textContent;
    expect(labelled('Cases')).toBe('4');
    expect(labelled('Median first response')).toBe('30 min');
    expect(labelled('Resolution rate')).toBe('50%');
    expect(labelled('Recovery rate')).toBe('50%');
    expect(labelled('Overdue now')).toBe('2');
    expect(within(card('By person')).getByRole('article', { name: 'Unassigned' })).toBeVisible();
  });

  it('says so when a period has no cases', () => {
    renderWithMantine(
      <CaseFigures figures={{ ...FIGURES, overall: values({}), branches: [], people: [] }} />,
    );
    expect(within(card('Median first response')).getByTestId('stat-value')).toHaveTextContent('-');
    expect(within(card('Resolution rate')).getByTestId('stat-value')).toHaveTextContent('-');
    expect(within(card('By branch')).getByText('No cases in this period.')).toBeInTheDocument();
    expect(within(card('By person')).queryByRole('table')).toBeNull();
  });

  it('formats minutes as people say them', () => {
    expect([null, 0, 44.6, 60, 125, 1440, 1500, 4000].map(formatMinutes)).toEqual([
      '-',
      '0 min',
      '45 min',
      '1 h',
      '2 h 5 min',
      '1 d',
      '1 d 1 h',
      '2 d 18 h',
    ]);
  });
});

describe('CaseFigures texts', () => {
  it("names the unassigned as the contract does, and says minutes in the person's units", () => {
    expect(en.inboxTools.figures.unassigned).toBe(CASE_FIGURES_TEXTS.unassigned);
    const hindi = minutesFormatter(hi.inboxTools.figures.units);
    expect([45, 125, 1500].map((m) => hindi(m))).toEqual(['45 मिनट', '2 घंटे 5 मिनट', '1 दिन 1 घंटे']);
  });
});
