import { PLANS } from '@starloop/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithMantine } from '../../test/render-mantine.tsx';
import { PlanSummary } from './plan-summary.tsx';

describe('PlanSummary', () => {
  it('shows the plan table row: price before GST, term and every feature', () => {
    renderWithMantine(<PlanSummary plan={PLANS.essential} />);
    const group = screen.getByRole('group', { name: 'Essential plan' });
    expect(within(group).getByText('Essential: ₹1,999/month + GST')).toBeInTheDocument();
    expect(within(group).getByText('Launch price locked for 1 year')).toBeInTheDocument();
    expect(
      within(group)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([...PLANS.essential.features]);
    expect(within(group).getByText('Auto Reply within 24 to 48 hours')).toBeInTheDocument();
  });
});
