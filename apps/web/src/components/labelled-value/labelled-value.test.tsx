import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithMantine } from '../../test/render-mantine.tsx';
import { LabelledValue } from './labelled-value.tsx';

describe('LabelledValue', () => {
  it('shows the label above the value', () => {
    renderWithMantine(<LabelledValue label="Plan">Professional</LabelledValue>);
    expect(screen.getByText('Plan').compareDocumentPosition(screen.getByText('Professional'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });
});
