import { createBrowserHistory } from '@tanstack/react-router';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppRoot, createApp } from '../../router.tsx';
import { createTestQueryClient, renderWithRouter } from '../../test/render-with-router.tsx';
import { NOT_FOUND_TEXT } from './not-found.tsx';

describe('404 page', () => {
  it.each(['/no-such-page', '/some/deep/path', '/review/abc/extra', '/dashboard-x'])(
    'renders for the unknown path %s',
    async (path) => {
      await renderWithRouter({ path });

      const main = await screen.findByRole('main', { name: 'Page Not Found' });
      expect(within(main).getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
      expect(
        within(main).getByText("The page you're looking for doesn't exist or has been moved."),
      ).toBeInTheDocument();
      expect(within(main).getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
      expect(within(main).getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    },
  );

  it('uses the texts of the spec and names the tab', async () => {
    await renderWithRouter({ path: '/nowhere' });
    await screen.findByRole('heading', { level: 1 });

    expect(NOT_FOUND_TEXT).toEqual({
      title: 'Page Not Found',
      message: "The page you're looking for doesn't exist or has been moved.",
      home: 'Go to Home',
      back: 'Go Back',
    });
    await waitFor(() => expect(document.title).toBe('Page Not Found | StarLoop'));
  });

  it('renders without Mantine', async () => {
    await renderWithRouter({ path: '/nowhere' });
    await screen.findByRole('heading', { level: 1 });

    expect(document.querySelector('[class*="mantine"]')).toBeNull();
  });

  it('Go to Home navigates to /', async () => {
    const app = await renderWithRouter({ path: '/nowhere' });

    await app.user.click(await screen.findByRole('link', { name: 'Go to Home' }));

    await waitFor(() => expect(app.pathname()).toBe('/'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Turn happy customers into 5-star reviews' }),
    ).toBeInTheDocument();
  });

  it('Go Back calls history.back and returns to the previous page', async () => {
    const app = await renderWithRouter({ historyEntries: ['/support', '/nowhere'] });
    const back = vi.spyOn(app.router.history, 'back');

    await app.user.click(await screen.findByRole('button', { name: 'Go Back' }));

    expect(back).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(app.pathname()).toBe('/support'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Support' })).toBeInTheDocument();
  });

  it('Go Back goes home when there is no page to go back to', async () => {
    const app = await renderWithRouter({ path: '/nowhere' });
    const back = vi.spyOn(app.router.history, 'back');

    await app.user.click(await screen.findByRole('button', { name: 'Go Back' }));

    expect(back).not.toHaveBeenCalled();
    await waitFor(() => expect(app.pathname()).toBe('/'));
  });

  it('Go Back uses window.history.back() in the browser', async () => {
    window.history.replaceState(null, '', '/support');
    const app = createApp({ history: createBrowserHistory(), queryClient: createTestQueryClient() });
    render(<AppRoot app={app} />);
    await act(() => app.router.load());
    await act(async () => {
      app.router.history.push('/missing-page');
      await app.router.load();
    });
    await screen.findByRole('heading', { level: 1, name: 'Page Not Found' });
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});

    await userEvent.click(await screen.findByRole('button', { name: 'Go Back' }));

    expect(back).toHaveBeenCalledTimes(1);
    app.router.history.destroy();
  });
});
