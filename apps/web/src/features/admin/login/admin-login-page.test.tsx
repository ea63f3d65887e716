import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, type Mock } from 'vitest';
import { getToken } from '../../../lib/auth.ts';
import { trpcError } from '../../../test/fake-trpc.ts';
import { renderWithRouter } from '../../../test/render-with-router.tsx';
import { page, useCleanToasts } from '../test/admin-test-utils.tsx';

async function open(handlers = {}) {
  const app = await renderWithRouter({ path: '/admin-login', handlers });
  await screen.findByRole('heading', { level: 1, name: 'Admin Login' });
  return app;
}

async function fill(app: Awaited<ReturnType<typeof open>>, email: string, password: string) {
  if (email) await app.user.type(screen.getByLabelText('Email'), email);
  if (password) await app.user.type(screen.getByLabelText('Password'), password);
  await app.user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('/admin-login', () => {
  useCleanToasts();

  it('shows the required messages and sends nothing', async () => {
    const app = await open();
    await fill(app, '', '');
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(app.server.callsTo('admin.auth.login')).toHaveLength(0);
  });

  it('shows the shape and length messages', async () => {
    const app = await open();
    await fill(app, 'not-an-email', '12345');
    expect(await screen.findByText('Email is invalid')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('signs in: toast with the server message, token stored, dashboard opens', async () => {
    const app = await open({
      'admin.auth.login': () => ({ token: 'admin-jwt', message: 'Welcome back, Asha' }),
    });
    await fill(app, ' Admin@Example.com ', 'secret123');

    expect(await screen.findByText('Welcome back, Asha')).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/admin-dashboard'));
    expect(getToken('admin')).toBe('admin-jwt');
    expect(app.server.callsTo('admin.auth.login')[0]?.input).toEqual({
      email: 'admin@example.com',
      password: 'secret123',
    });
  });

  it('uses the default success text when the server sends no message', async () => {
    const app = await open({ 'admin.auth.login': () => ({ token: 'admin-jwt', message: '' }) });
    await fill(app, 'admin@example.com', 'secret123');
    expect(await screen.findByText('Login successful! Welcome to admin dashboard.')).toBeInTheDocument();
  });

  it('shows the server message as toast and banner on a refused sign-in', async () => {
    const app = await open({
      'admin.auth.login': () => {
        throw trpcError('UNAUTHORIZED', 'Invalid email or password');
      },
    });
    await fill(app, 'admin@example.com', 'wrongpass');

    await waitFor(() => expect(screen.getAllByText('Invalid email or password')).toHaveLength(2));
    expect(page().getByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(app.pathname()).toBe('/admin-login');
    expect(getToken('admin')).toBeNull();
  });

  it("falls back to 'Login failed' when the server's error has no message", async () => {
    const app = await open({
      'admin.auth.login': () => {
        throw trpcError('BAD_REQUEST', '');
      },
    });
    await fill(app, 'admin@example.com', 'secret123');
    await waitFor(() => expect(screen.getAllByText('Login failed')).toHaveLength(2));
  });

  it('shows the network texts when the server cannot be reached', async () => {
    const app = await open();
    (app.server.fetch as unknown as Mock).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await fill(app, 'admin@example.com', 'secret123');

    expect(
      await screen.findByText('Unable to connect to server. Please check your connection.'),
    ).toBeInTheDocument();
    expect(page().getByRole('alert')).toHaveTextContent('Network error. Please try again.');
  });

  it('shows the unexpected texts for an answer without a token', async () => {
    const app = await open({ 'admin.auth.login': () => ({ message: 'ok' }) });
    await fill(app, 'admin@example.com', 'secret123');

    expect(await screen.findByText('Login failed. Please try again.')).toBeInTheDocument();
    expect(page().getByRole('alert')).toHaveTextContent('An unexpected error occurred.');
  });

  it('disables the inputs while signing in', async () => {
    let finish: (value: unknown) => void = () => {};
    const app = await open({
      'admin.auth.login': () =>
        new Promise((resolve) => {
          finish = resolve;
        }),
    });
    await fill(app, 'admin@example.com', 'secret123');

    expect(await screen.findByRole('button', { name: 'Logging in...' })).toBeDisabled();
    expect(screen.getByLabelText('Email')).toBeDisabled();
    expect(screen.getByLabelText('Password')).toBeDisabled();
    finish({ token: 'admin-jwt', message: 'Hi' });
    await waitFor(() => expect(app.pathname()).toBe('/admin-dashboard'));
  });

  it('sends a signed-in admin straight to the dashboard', async () => {
    const app = await renderWithRouter({ path: '/admin-login', adminToken: 'admin-jwt' });
    expect(app.pathname()).toBe('/admin-dashboard');
  });
});
