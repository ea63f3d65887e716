import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithMantine } from '../../test/render-mantine.tsx';
import { ContactCard } from './contact-card.tsx';

describe('ContactCard', () => {
  it('is a section named by its title, with the text and the link', () => {
    renderWithMantine(
      <ContactCard
        id="sales"
        icon="M3 6h18v12H3z"
        title="Sales Inquiry"
        text="Write to our sales team."
        href="mailto:sales@example.com"
        link="sales@example.com"
      />,
    );
    expect(screen.getByRole('region', { name: 'Sales Inquiry' })).toHaveTextContent(
      'Write to our sales team.',
    );
    expect(screen.getByRole('link', { name: 'sales@example.com' })).toHaveAttribute(
      'href',
      'mailto:sales@example.com',
    );
  });
});
