import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../test/render-with-router.tsx';

describe('review page routes', () => {
  it('/review/{code} shows the loading state, without Mantine', async () => {
    await renderWithRouter({ path: '/review/asha-cafe' });

    expect(await screen.findByRole('status')).toHaveTextContent('Loading review form...');
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(document.querySelector('[class*="mantine"]')).toBeNull();
  });

  it.each(['/review', '/review/'])('%s says no business code was provided', async (path) => {
    await renderWithRouter({ path });

    expect(await screen.findByRole('alert')).toHaveTextContent('No business code provided');
  });
});
