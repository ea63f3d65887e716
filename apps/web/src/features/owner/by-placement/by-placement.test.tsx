import { addDays, PLACEMENT_TEXTS } from '@starloop/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { trpcError } from '../../../test/fake-trpc.ts';
import {
  cleanToastsBeforeEach,
  meta,
  placementFigures,
  renderOwner,
  stats,
} from '../test/owner-test-utils.tsx';
import { todayInIndia } from './placement-range.ts';

cleanToastsBeforeEach();

/** Default, a live placement, a deleted one and an idle one; the totals add them up. */
function placementStats(input: unknown) {
  const { from, to } = input as { from: string; to: string };
  const rows = [
    {
      placement: { id: null, name: 'Default', key: null, deleted: false },
      ...placementFigures(200, 10, 42, 8),
    },
    {
      placement: { id: 1, name: 'Table 4', key: 'Key000000001', deleted: false },
      ...placementFigures(40, 3, 9, 1),
    },
    {
      placement: { id: 3, name: 'Idle corner', key: 'Key000000003', deleted: false },
      ...placementFigures(0, 0, 0, 0),
    },
    {
      placement: { id: 2, name: 'Old counter', key: 'Key000000002', deleted: true },
      ...placementFigures(5, 6, 30, 6),
    },
  ];
  return { from, to, rows, totals: placementFigures(245, 19, 81, 15, 18) };
}

const dashboardHandlers = (more: Record<string, (input: unknown) => unknown> = {}) => ({
  'owner.dashboard.stats': () => stats(),
  'owner.dashboard.reviews': () => ({ reviews: [], meta: meta(0) }),
  'owner.placements.stats': placementStats,
  ...more,
});

const section = () => within(screen.getByRole('region', { name: 'By placement' }));
const cellsOf = (label: string) => {
  const row = section().getByText(label).closest('tr') as HTMLElement;
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
};

describe('By placement on the owner dashboard', () => {
  it('shows scans, ratings, average, 4-5 star share and conversion per placement, Default first, with totals', async () => {
    const app = await renderOwner('/dashboard', dashboardHandlers(), 'Hi, Asha Rao');
    await screen.findByRole('region', { name: 'By placement' });
    await waitFor(() => expect(section().getByText('Table 4')).toBeInTheDocument());

    const table = within(section().getByRole('table', { name: 'By placement' }));
    expect(table.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Placement',
      'Scans',
      'Ratings',
      'Average',
      '4-5 stars',
      'Conversion',
      'Without a scan',
    ]);
    const names = table
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
    expect(names).toEqual([
      'Default',
      'Table 4',
      'Idle corner',
      `Old counter ${PLACEMENT_TEXTS.deletedLabel}`,
      'All placements',
    ]);
    // 42 / 10 = 4.2; 8 of 10 = 80%; 10 of 200 = 5%.
    expect(cellsOf('Default')).toEqual(['Default', '200', '10', '4.2', '80%', '5%', '0']);
    // 9 / 3 = 3.0; 1 of 3 = 33%; 3 of 40 = 8% (7.5 rounded).
    expect(cellsOf('Table 4')).toEqual(['Table 4', '40', '3', '3.0', '33%', '8%', '0']);
    // Nothing to divide by: a dash, not 0% or NaN.
    expect(cellsOf('Idle corner')).toEqual(['Idle corner', '0', '0', '-', '-', '-', '0']);
    // More ratings than scans: conversion stops at 100%, the rating without a scan is counted apart.
    expect(cellsOf(`Old counter ${PLACEMENT_TEXTS.deletedLabel}`)).toEqual([
      `Old counter ${PLACEMENT_TEXTS.deletedLabel}`,
      '5',
      '6',
      '5.0',
      '100%',
      '100%',
      '1',
    ]);
    // 18 of 245 = 7%; the one rating without a scan again in the totals.
    expect(cellsOf('All placements')).toEqual(['All placements', '245', '19', '4.3', '79%', '7%', '1']);
    expect(section().getByText(/never above 100%/)).toBeInTheDocument();

    // The last 30 days (India time) by default.
    const today = todayInIndia();
    expect(app.server.callsTo('owner.placements.stats')[0]?.input).toEqual({
      from: addDays(today, -29),
      to: today,
    });
    // The chart says in words what it draws (busiest first, idle placements left out).
    expect(
      await section().findByText(
        /Default: 200 scans, 10 ratings; Table 4: 40 scans, 3 ratings; Old counter/,
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
  });

  it('asks again for another range: 7 days, 12 months, or the owner’s own dates', async () => {
    const app = await renderOwner('/dashboard', dashboardHandlers(), 'Hi, Asha Rao');
    await screen.findByRole('region', { name: 'By placement' });
    await waitFor(() => expect(section().getByText('Table 4')).toBeInTheDocument());
    const today = todayInIndia();
    const calls = () => app.server.callsTo('owner.placements.stats').map((c) => c.input);

    await app.user.click(section().getByRole('radio', { name: '7 days' }));
    await waitFor(() => expect(calls().at(-1)).toEqual({ from: addDays(today, -6), to: today }));
    await app.user.click(section().getByRole('radio', { name: '12 months' }));
    await waitFor(() => expect(calls().at(-1)).toEqual({ from: addDays(today, -364), to: today }));

    await app.user.click(section().getByRole('radio', { name: 'Custom' }));
    const from = section().getByLabelText('From');
    const to = section().getByLabelText('To');
    fireEvent.change(from, { target: { value: '2026-03-01' } });
    fireEvent.change(to, { target: { value: '2026-03-31' } });
    await waitFor(() => expect(calls().at(-1)).toEqual({ from: '2026-03-01', to: '2026-03-31' }));

    // A reversed range is said under the field and not asked for.
    const before = calls().length;
    fireEvent.change(from, { target: { value: '2026-04-15' } });
    expect(await section().findByText(PLACEMENT_TEXTS.rangeReversed)).toBeInTheDocument();
    expect(calls()).toHaveLength(before);
  });

  it('keeps the range in the URL: a deep link opens on it, a chosen preset is written there', async () => {
    const app = await renderOwner(
      '/dashboard?range=custom&from=2026-03-01&to=2026-03-31',
      dashboardHandlers(),
      'Hi, Asha Rao',
    );
    await waitFor(() => expect(section().getByText('Table 4')).toBeInTheDocument());
    const calls = () => app.server.callsTo('owner.placements.stats').map((c) => c.input);
    expect(calls()[0]).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(section().getByRole('radio', { name: 'Custom' })).toBeChecked();
    expect(section().getByLabelText('From')).toHaveValue('2026-03-01');

    await app.user.click(section().getByRole('radio', { name: '90 days' }));
    await waitFor(() => expect(app.router.state.location.search).toMatchObject({ range: '90d' }));
    const today = todayInIndia();
    await waitFor(() => expect(calls().at(-1)).toEqual({ from: addDays(today, -89), to: today }));
    // The default range is the bare path; a made-up one reads as the default.
    await app.router.navigate({ to: '/dashboard', search: { range: 'forever' } as never });
    await waitFor(() => expect(app.router.state.location.search).toEqual({}));
    await waitFor(() => expect(calls().at(-1)).toEqual({ from: addDays(today, -29), to: today }));
  });

  it('says "Failed to load placement stats" with the error, and retries', async () => {
    let fail = true;
    const app = await renderOwner(
      '/dashboard',
      dashboardHandlers({
        'owner.placements.stats': (input) => {
          if (fail) throw trpcError('INTERNAL_SERVER_ERROR', 'Stats are resting');
          return placementStats(input);
        },
      }),
      'Hi, Asha Rao',
    );
    await screen.findByRole('region', { name: 'By placement' });
    const alert = await section().findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load placement stats');
    expect(alert).toHaveTextContent('Error: Stats are resting');
    fail = false;
    await app.user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await section().findByText('Table 4')).toBeInTheDocument();
  });
});
