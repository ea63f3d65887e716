import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithMantine } from '../../test/render-mantine.tsx';
import { FormCard } from './form-card.tsx';

describe('FormCard', () => {
  it('is a section named by its title', () => {
    renderWithMantine(
      <FormCard labelledBy="t">
        <h2 id="t">Request Your Demo</h2>
      </FormCard>,
    );
    expect(screen.getByRole('region', { name: 'Request Your Demo' })).toBeInTheDocument();
  });
});
