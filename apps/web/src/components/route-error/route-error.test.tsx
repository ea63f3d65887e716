import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RouteError } from './route-error.tsx';

async function renderError(error: Error, reset = vi.fn()) {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <RouteError error={error} reset={reset} /> }),
    history: createMemoryHistory({ initialEntries: ['/somewhere'] }),
  });
  render(<RouterProvider router={router} />);
  await act(() => router.load());
  return { reset };
}

describe('route error page', () => {
  it('offers Try again, which resets the boundary', async () => {
    const { reset } = await renderError(new Error('boom'));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Something went wrong' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reset).toHaveBeenCalled();
  });

  it('asks for a reload when a screen file is gone after a new release', async () => {
    await renderError(new TypeError('Failed to fetch dynamically imported module: /assets/users-abc.js'));

    expect(await screen.findByText(/A new version of StarLoop is available/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument();
  });
});
