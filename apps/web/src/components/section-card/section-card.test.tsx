import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithMantine } from '../../test/render-mantine.tsx';
import { SectionCard } from './section-card.tsx';

describe('SectionCard', () => {
  it('is a section named by its heading, with the content under it', () => {
    renderWithMantine(
      <SectionCard titleId="notes-title" title="Notes">
        <p>Body</p>
      </SectionCard>,
    );
    const section = screen.getByRole('region', { name: 'Notes' });
    expect(within(section).getByRole('heading', { level: 2, name: 'Notes' })).toBeInTheDocument();
    expect(within(section).getByText('Body')).toBeInTheDocument();
  });

  it('shows the description under the heading and the aside beside it, at the level asked', () => {
    renderWithMantine(
      <SectionCard
        titleId="card-title"
        title="Table card"
        order={3}
        description="An A5 card to print."
        aside={<button type="button">Print</button>}
      >
        <p>Body</p>
      </SectionCard>,
    );
    const section = screen.getByRole('region', { name: 'Table card' });
    const heading = within(section).getByRole('heading', { level: 3, name: 'Table card' });
    const description = within(section).getByText('An A5 card to print.');
    expect(heading.compareDocumentPosition(description)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(description.compareDocumentPosition(within(section).getByRole('button', { name: 'Print' }))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });
});
