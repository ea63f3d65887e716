import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { failsWith } from '../../test/fake-trpc.ts';
import { renderWithRouter } from '../../test/render-with-router.tsx';

// Toasts live in a module-level store: start every test without the previous test's toasts.
beforeEach(() => notifications.clean());

const TOKEN = 'one-time-token-1234567890';
const newPassword = () => screen.getByLabelText(/^New password/);
const confirmPassword = () => screen.getByLabelText(/^Confirm password/);

describe.each([
  ['/reset-password', 'Reset your password', 'Reset password'],
  ['/set-password', 'Set your password', 'Set password and continue'],
])('%s?token=', (path, title, submit) => {
  it('checks the password, then sets it with the token, signs in and goes to /dashboard', async () => {
    const setWithToken = vi.fn(() => ({
      token: 'owner-token',
      user: { name: 'Asha', contactNumber: '9876543210' },
      message: 'Your password is set. Welcome to StarLoop!',
    }));
    const { user, server, pathname } = await renderWithRouter({
      path: `${path}?token=${TOKEN}`,
      handlers: { 'public.password.setWithToken': setWithToken },
    });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: submit }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();

    await user.type(newPassword(), 'abc');
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    await user.type(newPassword(), 'def12');
    await user.type(confirmPassword(), 'abcdef99');
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(server.callsTo('public.password.setWithToken')).toHaveLength(0);

    await user.clear(confirmPassword());
    await user.type(confirmPassword(), 'abcdef12');
    await user.click(screen.getByRole('button', { name: submit }));

    expect(await screen.findByText('Your password is set. Welcome to StarLoop!')).toBeInTheDocument();
    expect(server.callsTo('public.password.setWithToken').map((c) => c.input)).toEqual([
      { token: TOKEN, password: 'abcdef12' },
    ]);
    await waitFor(() => expect(pathname()).toBe('/dashboard'));
    expect(localStorage.getItem('authToken')).toBe('owner-token');
  });

  it('reads the token from the fragment of a new link (#token=, never sent to a server)', async () => {
    const setWithToken = vi.fn(() => ({
      token: 'owner-token',
      user: { name: 'Asha', contactNumber: '9876543210' },
      message: 'Your password is set. Welcome to StarLoop!',
    }));
    const { user, server } = await renderWithRouter({
      path: `${path}#token=${TOKEN}`,
      handlers: { 'public.password.setWithToken': setWithToken },
    });
    await user.type(newPassword(), 'abcdef12');
    await user.type(confirmPassword(), 'abcdef12');
    await user.click(screen.getByRole('button', { name: submit }));
    await waitFor(() =>
      expect(server.callsTo('public.password.setWithToken').map((c) => c.input)).toEqual([
        { token: TOKEN, password: 'abcdef12' },
      ]),
    );
  });

  it("shows the server's message when the link is no longer valid", async () => {
    const { user, pathname } = await renderWithRouter({
      path: `${path}?token=${TOKEN}`,
      handlers: {
        'public.password.setWithToken': failsWith(
          'BAD_REQUEST',
          'This link is invalid or has expired. Ask for a new one.',
        ),
      },
    });
    await user.type(await screen.findByLabelText(/^New password/), 'abcdef12');
    await user.type(confirmPassword(), 'abcdef12');
    await user.click(screen.getByRole('button', { name: submit }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is invalid or has expired. Ask for a new one.',
    );
    expect(pathname()).toBe(path);
    expect(newPassword()).toBeEnabled();
  });

  it('without a token, says the link is invalid and points to the login page', async () => {
    await renderWithRouter({ path });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is invalid or has expired. Ask for a new one.',
    );
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
  });
});

describe('/set-password', () => {
  it('welcomes the onboarded owner', async () => {
    await renderWithRouter({ path: `/set-password?token=${TOKEN}` });
    expect(await screen.findByText(/Welcome to StarLoop!/)).toBeInTheDocument();
  });
});
